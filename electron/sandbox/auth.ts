// HTTP Basic authentication with username:API_KEY (docs/service-api.md, Authentication).
import { createHash, timingSafeEqual } from 'node:crypto';

export type KeyState = 'active' | 'inactive' | 'deleted';
export type AuthResult = 'ok' | 'missing' | 'invalid';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function same(a: string, b: string): boolean {
  // equal-length digests: the comparison takes the same time whatever was sent
  return timingSafeEqual(digest(a), digest(b));
}

export function checkAuth(header: string | undefined, user: string, key: string, state: KeyState): AuthResult {
  if (!header) return 'missing';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return 'invalid';
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'invalid';
  const okUser = same(decoded.slice(0, colon), user);
  const okKey = same(decoded.slice(colon + 1), key);
  return okUser && okKey && state === 'active' ? 'ok' : 'invalid';
}

export const AUTH_MISSING_MESSAGE =
  'Authorization required: send HTTP Basic authentication with your username and API key (Authorization: Basic base64(username:apikey)).';
export const AUTH_INVALID_MESSAGE =
  'The username or API key is not valid, or the key was deleted or made inactive. ' +
  'Check the username, and create or activate an API key in the account settings.';

// The service is only reachable over HTTPS; plain http is accepted for a
// service on this computer alone (the sandbox), so a typo cannot send the
// API key in the clear.
import { ApiError } from './errors';

export interface BaseUrl {
  /** e.g. "https://example.com" */
  origin: string;
  /** e.g. "/api/v1", no trailing slash */
  path: string;
  /** origin + path */
  href: string;
  host: string;
}

/**
 * Loopback is an address, never a name: 127.0.0.0/8 or ::1, written as such.
 * A name (localhost, foo.localhost) is whatever the resolver makes of it, and
 * a plain-http request to it could carry the key off this computer.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === '[::1]' || h === '::1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((o) => Number(o) <= 255);
}

/**
 * Checks and normalises a base URL: https (or http on loopback), no
 * credentials, query or fragment in it; a bare host gets "/api/v1".
 */
export function parseBaseUrl(input: string): BaseUrl {
  const invalid = () => new ApiError({ kind: 'invalid_url', messageKey: 'api.invalid_url', outcome: 'not_applied', operation: 'configure' });
  if (typeof input !== 'string' || input.trim() === '') throw invalid();
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid();
  if (url.username || url.password || url.search || url.hash) throw invalid();
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ApiError({ kind: 'invalid_url', messageKey: 'api.insecure_url', outcome: 'not_applied', operation: 'configure' });
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path === '') path = '/api/v1';
  return { origin: url.origin, path, href: url.origin + path, host: url.host };
}

// The page's security policy, the same for the Electron window and the web
// host: the renderer loads only its own files and talks only to its own
// origin (in Electron it makes no network requests at all: the bridge is IPC).
import { externalLinkProblem } from '../../shared/external-link';

/** Content-Security-Policy of every page the app serves. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "worker-src 'none'",
].join('; ');

/**
 * Links the page may open outside the app, by navigating or by a new window:
 * the same rule as `links.open` (shared/external-link.ts): https only, no
 * credentials in the address, not too long. Anything else (http, file:,
 * javascript:, custom schemes that launch other programs,
 * https://user:pw@host) is refused.
 */
export function isExternalLinkAllowed(url: string): boolean {
  return externalLinkProblem(url) === null;
}

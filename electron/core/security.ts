// The page's security policy, the same for the Electron window and the web
// host: the renderer loads only its own files and talks only to its own
// origin (in Electron it makes no network requests at all: the bridge is IPC).

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
 * Links the page may open outside the app: only http(s) addresses, handed to
 * the system browser. Anything else (file:, javascript:, custom schemes that
 * launch other programs) is refused.
 */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

// Which links quotedesk hands to the system browser. A signing link comes
// from the service's answer, so it is data, not something we wrote: only a
// plain https address is opened. The renderer uses this to decide whether to
// offer an Open button; the main process checks again before it opens
// anything, because the page is not trusted to have asked.

/**
 * Longer than any link the service hands out (a host and a token), and well
 * under what browsers and the systems' URL handlers accept; anything longer
 * is not a signing link.
 */
export const EXTERNAL_LINK_MAX = 2048;

export type ExternalLinkProblem =
  /** not a URL at all, or one with spaces or control characters in it */
  | 'invalid'
  /** any scheme but https: http (readable on the way), javascript:, file:, mailto:, custom schemes that start programs */
  | 'not_https'
  /** user:password@host: a link that carries a login is not the service's */
  | 'credentials'
  | 'too_long';

/** What is wrong with `url` as a link to open in the browser, or null when it may be opened. */
export function externalLinkProblem(url: string): ExternalLinkProblem | null {
  if (url.length > EXTERNAL_LINK_MAX) return 'too_long';
  // URL parsing silently drops tabs and newlines and trims spaces: a link
  // that needed that is not the one shown to the person
  // eslint-disable-next-line no-control-regex
  if (url === '' || /[\s\u0000-\u001f\u007f]/.test(url)) return 'invalid';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'invalid';
  }
  if (u.protocol !== 'https:') return 'not_https';
  if (u.hostname === '') return 'invalid';
  if (u.username !== '' || u.password !== '') return 'credentials';
  return null;
}

/** How a link is opened: by the main process in the system browser, or by the page (the web host has no system browser of its own to reach). */
export type LinkOpened = { openIn: 'system' } | { openIn: 'page'; url: string };

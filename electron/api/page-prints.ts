// Recognising a page read before by its text. A later pull asks for every
// page again (the service tells nothing of what changed), but a page whose
// text is the same as last time holds the same records: its caller may
// already have them exactly as they came, and then reading them again (JSON,
// the record parser, comparing with the stored copies) is work for nothing.
import { hash } from 'node:crypto';

/**
 * A page whose text has a digest the caller knew: not parsed, it stands for
 * the records the caller said it held, by their keys, in their order.
 */
export class UnchangedPage {
  constructor(
    readonly digest: string,
    readonly keys: readonly number[],
  ) {}
}

/** The keys of the records a page with this digest held, when the caller knows it. */
export type KnownPages = (digest: string) => readonly number[] | undefined;

/** A short digest of a page's text; SHA-1 is ample to tell two pages apart and reads 7 MB in about 4 ms. */
export function digestOf(text: string): string {
  return hash('sha1', text, 'base64url');
}

const digests = new WeakMap<object, string>();

/** The digest of the text a page of parsed records was read from, when a walk that knows pages read it. */
export function digestOfPage(rows: object): string | undefined {
  return digests.get(rows);
}

export function rememberDigest(rows: object, digest: string): void {
  digests.set(rows, digest);
}

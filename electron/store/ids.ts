// Local ids and the names the app assigns on the service. savename and
// quotationreference must be unique on the service and at most 40 characters;
// they are how an unanswered save or send is found again.
import { randomBytes, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

const BASE32 = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789'; // no I, L, O, U: read aloud without doubt

function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE32[b % 32];
  return out;
}

/** "qd-" and 32 hex digits: 35 characters. */
export function newSavename(): string {
  return `qd-${randomUUID().replaceAll('-', '')}`;
}

/** "QD-260115-" and 12 random characters (60 bits): 22 characters, readable on a PDF. */
export function newQuotationReference(now: number): string {
  const d = new Date(now);
  const ymd = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `QD-${ymd}-${randomCode(12)}`;
}

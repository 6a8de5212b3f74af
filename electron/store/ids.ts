// Local ids and the name the app gives each quotation on the service. The
// savename must be unique on the service and at most 40 characters; it is
// never printed, and it is how an unanswered save or send is found again.
// The printed quotationreference is the person's numbering (numbering.ts).
import { randomUUID } from 'node:crypto';

export function newId(): string {
  return timeOrdered();
}

let lastMs = 0;
/**
 * A UUID laid out as version 7 (RFC 9562): the time in milliseconds first,
 * then random bits. Rows are inserted in about the order of their ids, so the
 * unique index of local ids grows at its end, where a random id would land
 * on a different leaf of it for every row (at 100,000 clients a pull's page
 * of 1000 rewrote most of that index).
 */
function timeOrdered(): string {
  const hex = randomUUID().replaceAll('-', '');
  // never backwards, even when the clock is set back: the order is what counts, not the time
  lastMs = Math.max(lastMs, Date.now());
  const t = lastMs.toString(16).padStart(12, '0');
  return `${t.slice(0, 8)}-${t.slice(8)}-7${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** "qd-" and 32 hex digits: 35 characters. */
export function newSavename(): string {
  return `qd-${randomUUID().replaceAll('-', '')}`;
}

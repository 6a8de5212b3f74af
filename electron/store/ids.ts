// Local ids and the name the app gives each quotation on the service. The
// savename must be unique on the service and at most 40 characters; it is
// never printed, and it is how an unanswered save or send is found again.
// The printed quotationreference is the person's numbering (numbering.ts).
import { randomUUID } from 'node:crypto';

export function newId(): string {
  return timeOrdered();
}

let lastMs = 0;
let prefix = '';
/**
 * A UUID laid out as version 7 (RFC 9562): the time in milliseconds first,
 * then random bits. Rows are inserted in about the order of their ids, so the
 * unique index of local ids grows at its end, where a random id would land
 * on a different leaf of it for every row (at 100,000 clients a pull's page
 * of 1000 rewrote most of that index). The random part is a version 4 UUID's
 * from its version digit on: its variant bits are already those of version 7.
 */
function timeOrdered(): string {
  // never backwards, even when the clock is set back: the order is what counts, not the time
  const ms = Math.max(lastMs, Date.now());
  if (ms !== lastMs || prefix === '') {
    lastMs = ms;
    const t = ms.toString(16).padStart(12, '0');
    prefix = `${t.slice(0, 8)}-${t.slice(8)}-7`;
  }
  return prefix + randomUUID().slice(15);
}

/** "qd-" and 32 hex digits: 35 characters. */
export function newSavename(): string {
  return `qd-${randomUUID().replaceAll('-', '')}`;
}

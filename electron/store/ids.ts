// Local ids and the name the app gives each quotation on the service. The
// savename must be unique on the service and at most 40 characters; it is
// never printed, and it is how an unanswered save or send is found again.
// The printed quotationreference is the person's numbering (numbering.ts).
import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** "qd-" and 32 hex digits: 35 characters. */
export function newSavename(): string {
  return `qd-${randomUUID().replaceAll('-', '')}`;
}

// The outbox as the UI shows it: what is waiting to reach the service, what
// is parked and why, and conflicts to resolve.
import type { FieldError } from './field-errors';
import type { CustomStatus, SendMethod } from './schemas';

export const OP_KINDS = [
  'client.create',
  'client.update',
  'client.delete',
  'quotation.save',
  'quotation.send',
  'quotation.approve',
  'quotation.status',
  'quotation.delete',
  'product.create',
  'product.update',
  'product.stock',
  'product.delete',
] as const;
export type OpKind = (typeof OP_KINDS)[number];

export const OP_STATES = ['pending', 'in_flight', 'unknown_outcome', 'parked', 'done'] as const;
/**
 * pending: waits for its turn (and for `nextAttemptAt`);
 * in_flight: a request is out; unknown_outcome: a request went out and no
 * answer came back, so the service is asked before anything is resent;
 * parked: waits for the user (see lastError); done: reached the service.
 */
export type OpState = (typeof OP_STATES)[number];

export type OpErrorKind = 'network' | 'server' | 'rate_limited' | 'validation' | 'auth' | 'credits' | 'has_documents' | 'conflict' | 'not_found' | 'other';

export interface OpError {
  kind: OpErrorKind;
  /** the English words, kept for logs and for entries stored before the key was */
  message: string;
  /** the reason's text in the message catalogue (shared/messages), said in the UI's language; absent in entries stored before it was kept */
  messageKey?: string;
  params?: Record<string, string | number>;
  /** HTTP status, when the service answered */
  status?: number;
  fieldErrors?: FieldError[];
  /**
   * The last attempt may have reached the service (its answer proved
   * nothing): trying the entry again starts with a look-up, never with a
   * repeat (sync/write-policy.ts).
   */
  lookUpFirst?: boolean;
  at: number;
}

export interface SendPayload {
  sendmethod: SendMethod;
}
export interface ApprovePayload {
  approved: { name: string; date: string; comments?: string } | false;
}
export interface StatusPayload {
  customstatus: CustomStatus | 'clear';
}

export type TargetKind = 'client' | 'quotation' | 'product';

/** Which kind of record an operation carries. */
export function targetKindOf(kind: OpKind): TargetKind {
  return kind.startsWith('client.') ? 'client' : kind.startsWith('product.') ? 'product' : 'quotation';
}

export interface OutboxEntry {
  id: number;
  kind: OpKind;
  targetKind: TargetKind;
  /** local id of the client, quotation or product */
  target: string;
  /** outbox id that has to reach the service first */
  dependsOn: number | null;
  payload: Record<string, unknown>;
  state: OpState;
  attempts: number;
  nextAttemptAt: number;
  lastError: OpError | null;
  createdAt: number;
  updatedAt: number;
}

export type ConflictKind =
  /** the same client field changed here and on the service */
  | 'fields'
  /** the same quotation fields or lines changed here and on the service, to different values */
  | 'draft'
  /** deleted on the service while edited here */
  | 'deleted';

export type ConflictResolution = 'keep_mine' | 'take_theirs' | 'keep_both';

export interface Conflict {
  id: number;
  kind: ConflictKind;
  targetKind: TargetKind;
  target: string;
  opId: number | null;
  /** the local version */
  mine: unknown;
  /** the service's version; null when deleted there */
  theirs: unknown;
  /** the version both started from */
  base: unknown;
  /**
   * What changed on both sides to different values: client fields ('fields'
   * conflicts); quotation header fields, 'reference.line1'… and 'lines'
   * ('draft' conflicts)
   */
  fields: string[];
  createdAt: number;
}

/** Which resolutions a conflict offers. */
export function resolutionsFor(kind: ConflictKind): ConflictResolution[] {
  return kind === 'draft' ? ['keep_mine', 'take_theirs', 'keep_both'] : ['keep_mine', 'take_theirs'];
}

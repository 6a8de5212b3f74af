// What the sync engine tells the UI: connection, progress, what waits, the
// request budget, and what needs the user (parked entries, conflicts, a key).
import type { Conflict, OutboxEntry } from './outbox';

export type PullPhase = 'countries' | 'clients' | 'products' | 'quotations';

export interface PullProgress {
  phase: PullPhase;
  /** pages read so far in this pull, all phases together */
  pagesDone: number;
  /** pages this pull is expected to take, from the sizes of the last pull */
  pagesEstimated: number;
}

export interface RateBudgetView {
  limit: number | null;
  remaining: number | null;
  /** epoch ms until which the service asked for a pause */
  resetsAt?: number;
}

export type PauseReason =
  /** 401: the API key is wrong, deleted or inactive; a new key resumes */
  | 'auth'
  /** 403: the service refuses this internet address */
  | 'forbidden';

export interface SyncEvents {
  online: [];
  offline: [reason: string];
  progress: [progress: PullProgress];
  /** entries not yet done */
  pending: [count: number];
  budget: [budget: RateBudgetView];
  parked: [entry: OutboxEntry];
  conflict: [conflict: Conflict];
  /** the whole outbox waits for the user */
  paused: [reason: PauseReason, message: string];
  resumed: [];
  /** an entry reached the service */
  pushed: [entry: OutboxEntry];
  /** a pull finished */
  pulled: [summary: PullSummary];
  /** what is known of the line changed without going online or offline: a request failed, or the service answered again */
  reach: [];
}

export interface PullSummary {
  requests: number;
  clients: number;
  products: number;
  quotations: number;
  countries: number;
  /** records that vanished from the service but are kept because local work needs them */
  flagged: number;
  removed: number;
  /**
   * Lists the service answered in a way that leaves open whether rows are
   * missing (e.g. it ignored `start` and its first page was full): what was
   * read is kept, and nothing missing from them was removed.
   */
  incomplete?: ('clients' | 'products' | 'quotations')[];
  /** what became of the lists of profiles and categories (sync/document-lists.ts) */
  lists?: { profiles: ListOutcome; categories: ListOutcome };
}

/**
 * read: read and kept; kept: not due, the kept copy stands; unavailable: the
 * service does not offer it; failed: it could not be read, the kept copy stands.
 */
export type ListOutcome = 'read' | 'kept' | 'unavailable' | 'failed';

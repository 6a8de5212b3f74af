// What the sync engine tells the UI: connection, progress, what waits, the
// request budget, and what needs the user (parked entries, conflicts, a key).
import type { Conflict, OutboxEntry } from './outbox';
import type { SerializedError } from './api-errors';

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
  /** the last failure of a pull or a push changed (see SyncEngine.failures) */
  failure: [];
}

/** The lists a pull walks and sweeps. */
export type PulledList = 'clients' | 'products' | 'quotations';

/** One record a pull names in its summary (docs/wire-format.md, Reading leniently). */
export interface PullNote {
  list: PulledList;
  /** its number (clientnr, or id) as the service wrote it; null when it has none */
  key: string | null;
  /** its place in the list the service gave, from 0 */
  row: number;
  /**
   * set aside: why it could not be stored ("clientnr: must be a whole
   * number"); partly read: the fields kept as they came ("top, mandate_date")
   */
  reason: string;
}

/** Records of one kind a pull names: how many, per list, and the first few. */
export interface PullNotes {
  count: number;
  lists: Record<PulledList, number>;
  /** at most PULL_NOTE_EXAMPLES, in the order read */
  examples: PullNote[];
}

/** How many records a PullNotes names one by one. */
export const PULL_NOTE_EXAMPLES = 5;

export interface PullSummary {
  requests: number;
  /** records read and stored, per list (set aside ones not counted) */
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
  incomplete?: PulledList[];
  /**
   * Lists whose walk failed (an answer that could not be read, a server
   * error): what was read of them is kept, nothing is removed from them, and
   * they are in `incomplete` too; the other lists were read.
   */
  failed?: { list: PulledList; error: SerializedError }[];
  /**
   * Records that could not be stored: not a record, or without a number
   * that can be read (a quotation: its client's too). The rest of their page
   * and list is stored; a list with one of unknown number is in
   * `incomplete`, since nothing missing from it can be told gone.
   */
  setAside?: PullNotes;
  /** Records stored with fields that could not be read, kept as they came in the record's `unread`. */
  partlyRead?: PullNotes;
  /**
   * Lists that came back empty, or under half of what this desk held, and
   * were read a second time before anything was removed from them
   * (docs/paging.md, A list that shrinks).
   */
  confirmed?: PulledList[];
  /** what became of the lists of profiles and categories (sync/document-lists.ts) */
  lists?: { profiles: ListOutcome; categories: ListOutcome };
  /** how each list's pages were ordered: by number ('id'), or not ('other'); a list whose pages told nothing is left out */
  order?: Partial<Record<PulledList, 'id' | 'other'>>;
}

/**
 * read: read and kept; kept: not due, the kept copy stands; unavailable: the
 * service does not offer it; failed: it could not be read, the kept copy stands.
 */
export type ListOutcome = 'read' | 'kept' | 'unavailable' | 'failed';

/**
 * How fresh the desk's copy of one of the service's lists is
 * (docs/freshness.md): what a person is told per list in the sync bar.
 */
export interface ListFreshness {
  list: PulledList;
  /**
   * The first load while it runs: the share of the list read so far (0..1;
   * null while its length is not known) and when it should be done (ISO;
   * null when not known). Null once the list was read whole once.
   */
  loading: { share: number | null; read: number; endsAt: string | null } | null;
  /** when the newest records were last checked (ISO); null while the order does not tell which they are */
  newestCheckedAt: string | null;
  /** every record held was seen on the service at or after this (the start of the last whole sweep, ISO); null before one ended */
  allCheckedSince: string | null;
  /** the sweep going round now, once loaded: the share of it done and when it should end (ISO) */
  sweep: { share: number | null; endsAt: string | null } | null;
  /**
   * How the service orders the list: 'id' by number, newest last (the newest
   * are checked often); 'other' not (new records are seen only as a whole
   * sweep comes round); null not yet seen.
   */
  order: 'id' | 'other' | null;
  /** a person asked for everything to be read again, and this list's sweep for it is going */
  refreshing: boolean;
}

/**
 * Why background reading waits, when it does: `own_budget` the desk's own
 * share or the hour's allowance above the reserve is spent (not a fault of
 * the service), `service_asked` the service asked to wait (403 over the
 * limit, 429), `stopped` the person stopped it (Stop during the first load;
 * Sync now goes on at once); `until` when it goes again by itself (ISO).
 */
export interface ReadingWait {
  why: 'own_budget' | 'service_asked' | 'stopped';
  until: string;
}

// Reads the service's clients, products, quotations and country list into the
// cache (and the profiles and categories now and then, sync/document-lists.ts), page by page (the largest page the service gives, so one request per
// page), each page in one transaction. Records that vanished from the service
// are removed afterwards, or flagged when local work still needs them, but
// only from a list whose walk is known complete (docs/paging.md). A page
// whose text is the same as in the list's last complete pull is not read
// again: its records are stored as they came (store/pull-prints.ts).
//
// A pull gives way to work a person asked for (`giveWay`): between two pages
// it stops its walk, lets that work go, and walks on from the next page; a
// page that is slow to come is given up and read again afterwards. So no
// page asked for before such a push is written after it, and a list a push
// wrote to while the pull ran sweeps nothing this time (what the push made
// may be missing from the pages read before it).
//
// Never silent (docs/wire-format.md, Reading leniently; docs/paging.md): a
// record that cannot be stored is set aside and named in the summary, the
// rest of its page stored; a list whose walk fails is named, kept as read
// and not swept, and the other lists are read; a list that comes back empty
// or far shorter than what is held is read again before anything is swept.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isApiError, serializeApiError, type ApiError, type InvoicingApi } from '../api';
import type { RecordParser } from '../api/parse';
import { UnchangedPage, digestOfPage, type KnownPages } from '../api/page-prints';
import type { Store } from '../store';
import type { PullPhase, PullProgress, PullSummary, PulledList } from '../../shared/sync';
import type { Client, Product, Quotation } from '../../shared/schemas';
import { readDocumentLists } from './document-lists';
import { NoteTally, PULL_READERS, SetAside } from './pull-records';
import { orderOfPage } from './sweep-page';

export interface PullOptions {
  pageSize?: number;
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  /** a person asked for this pull (Sync now): it may spend the budget's reserve */
  priority?: boolean;
  giveWay?: GiveWay;
}

/** How a pull gives way to work a person asked for (sync/engine.ts). */
export interface GiveWay {
  /** whether such work waits now: asked between two pages */
  wanted(): boolean;
  /** a signal for the walk about to start, aborted when the page it waits for is to be given up */
  segment(): AbortSignal;
  /** lets that work go; the pull goes on afterwards */
  run(): Promise<void>;
}

const SIZES_KEY = 'pull.sizes';
const LAST_KEY = 'pull.lastStartedAt';
/** what walks learned about the service's paging, so a restart does not pay for it again */
const PAGING_KEY = 'pull.paging';

type List = PulledList;
type Sizes = Record<List, number>;
const LISTS = ['clients', 'products', 'quotations'] as const;

/**
 * Failures of one list's walk that say nothing of the others: its answer
 * could not be read, the service failed on it, or refused or does not know
 * it. The rest (the network, the key, the limit, a cancel, and a service
 * that asks for a pause with Retry-After) stop the pull.
 */
const LIST_FAULTS = new Set(['bad_response', 'server', 'not_found', 'method_not_allowed', 'not_acceptable', 'validation']);

function isListFault(e: unknown): e is ApiError {
  return isApiError(e) && LIST_FAULTS.has(e.kind) && e.retryAfterMs === undefined;
}

/** One walk of a list: what it saw, for the sweep and the page prints. */
interface Reading {
  seen: number[];
  prints: Map<string, readonly number[]>;
  /** reached an end it can be sure of */
  complete: boolean;
  /** records stored */
  stored: number;
  /** a record was set aside without a number: what is missing cannot be told gone */
  unkeyed: boolean;
  /** why the walk failed, when it did */
  error?: ApiError;
}

function reading(): Reading {
  return { seen: [], prints: new Map(), complete: false, stored: 0, unkeyed: false };
}

/** A list read holds fewer than half of the service's records this desk holds (or none): it is read again before a sweep. */
export function looksCollapsed(distinctSeen: number, held: number): boolean {
  return held > 0 && distinctSeen * 2 < held;
}

export async function pull(store: Store, api: InvoicingApi, now: () => number, opts: PullOptions = {}): Promise<PullSummary> {
  const pageSize = opts.pageSize ?? api.pageSize;
  // pulls are told apart by their start time; two in the same millisecond must not be
  const startedAt = Math.max(now(), (store.keyValues.get<number>(LAST_KEY) ?? 0) + 1);
  store.keyValues.set(LAST_KEY, startedAt);

  if (api.paging.empty) api.paging.restore(store.keyValues.get(PAGING_KEY));
  const last = store.keyValues.get<Sizes>(SIZES_KEY);
  const pagesFor = (n: number) => Math.floor(n / api.paging.sizeFor(pageSize)) + 1;
  let estimated = 1 + (last ? pagesFor(last.clients) + pagesFor(last.products) + pagesFor(last.quotations) : 3);
  let pagesDone = 0;
  const progress = (phase: PullPhase) => {
    estimated = Math.max(estimated, pagesDone + (phase === 'quotations' ? 0 : 1));
    opts.onProgress?.({ phase, pagesDone, pagesEstimated: estimated });
  };

  const summary: PullSummary = { requests: 0, clients: 0, products: 0, quotations: 0, countries: 0, flagged: 0, removed: 0 };
  const call = { pageSize, signal: opts.signal, priority: opts.priority };
  // what this pull saw, for the sweep: kept here rather than marked on every row
  const readings: Record<List, Reading> = { clients: reading(), products: reading(), quotations: reading() };
  const setAside = new NoteTally();
  const partlyRead = new NoteTally();
  /** what the pages showed of each list's order (docs/freshness.md) */
  const order: NonNullable<PullSummary['order']> = {};
  // Each page's write below holds the thread. The pager asks for the next
  // page as soon as a full one arrives; waiting one turn of the event loop
  // (`nextTurn`) before writing lets that request reach the wire, so the
  // service prepares the next page while this one is written.

  const countries = await api.countries(undefined, { signal: opts.signal, priority: opts.priority });
  store.pulled.putCountries(countries);
  summary.countries = countries.length;
  summary.requests++;
  pagesDone++;
  progress('countries');

  // The pages of the last pull that nothing has written to since, and this
  // pull's, to keep for the next (store/pull-prints.ts). Each of this pull's
  // writes goes through `own`, which tells them from anyone else's: the count
  // of writes moved between two of them means the records may no longer be
  // stored as this pull's pages said, and its prints are not kept.
  const before = { clients: store.pullPrints.of('clients'), products: store.pullPrints.of('products'), quotations: store.pullPrints.of('quotations') };
  const writes = {
    clients: store.pullPrints.writes('clients'),
    products: store.pullPrints.writes('products'),
    quotations: store.pullPrints.writes('quotations'),
  };
  const othersWrote = { clients: false, products: false, quotations: false };
  const own = <R>(list: List, fn: () => R): R => {
    if (store.pullPrints.writes(list) !== writes[list]) othersWrote[list] = true;
    try {
      return fn();
    } finally {
      writes[list] = store.pullPrints.writes(list);
    }
  };
  const known =
    (list: List): KnownPages =>
    (digest) =>
      before[list].get(digest);
  /**
   * Walks one list, in segments: a walk from `start` until it ends, or until
   * it stops (between two pages, or giving up the page it waited for) to let
   * a person's work go, after which the next segment walks on from the row it
   * reached. A record set aside keeps its row: the walk counts the rows the
   * service gave. A failure of this list alone (LIST_FAULTS) ends its walk,
   * not the pull: `r.error` says why, and the list is not complete.
   */
  const read = async <T extends object>(list: List, r: Reading, put: (page: T[]) => void, key: (row: T) => number) => {
    let start = 0;
    for (;;) {
      const segment = opts.giveWay?.segment();
      const signal = segment && opts.signal ? AbortSignal.any([segment, opts.signal]) : (segment ?? opts.signal);
      const walk = pagesOf<T>(list, key, { ...call, start, signal });
      let gaveWay = false;
      try {
        for await (const page of walk) {
          let keys: readonly number[];
          let rows: number;
          // a page naming a record keeps no print: it is read again next time, and named again
          let noted = false;
          if (page instanceof UnchangedPage) {
            keys = page.keys;
            rows = keys.length;
            r.stored += rows;
          } else {
            const good: T[] = [];
            const pageKeys: number[] = [];
            page.forEach((row, i) => {
              if (row instanceof SetAside) {
                noted = true;
                setAside.add({ list, key: row.key, row: start + i, reason: row.reason });
                if (row.number !== null) pageKeys.push(row.number);
                else r.unkeyed = true;
                return;
              }
              good.push(row);
              const k = key(row);
              pageKeys.push(k);
              const unread = (row as { unread?: object }).unread;
              if (unread) {
                noted = true;
                partlyRead.add({ list, key: String(k), row: start + i, reason: Object.keys(unread).join(', ') });
              }
            });
            await nextTurn();
            if (good.length > 0) own(list, () => put(good));
            keys = pageKeys;
            rows = page.length;
            r.stored += good.length;
          }
          const said = orderOfPage(keys, r.seen.length > 0 ? r.seen[r.seen.length - 1]! : null);
          if (said !== 'none') order[list] = said === 'fell' || order[list] === 'other' ? 'other' : 'id';
          for (const k of keys) r.seen.push(k);
          const digest = page instanceof UnchangedPage ? page.digest : digestOfPage(page);
          if (digest !== undefined && !noted) r.prints.set(digest, keys);
          start += rows;
          pagesDone++;
          progress(list);
          if (opts.giveWay?.wanted()) {
            gaveWay = true;
            break;
          }
        }
      } catch (e) {
        if (segment?.aborted && !opts.signal?.aborted) {
          // the page waited for was given up for a person's work, not failed
          gaveWay = true;
        } else if (isListFault(e)) {
          r.error = e;
          r.complete = false;
          return;
        } else throw e;
      } finally {
        summary.requests += walk.requests;
      }
      if (!gaveWay) {
        r.complete = walk.complete;
        return;
      }
      await opts.giveWay!.run();
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
  };
  const walkOf = {
    clients: (r: Reading) =>
      read<Client>(
        'clients',
        r,
        (page) => store.pulled.putClients(page, startedAt),
        (c) => c.clientnr,
      ),
    products: (r: Reading) =>
      read<Product>(
        'products',
        r,
        (page) => store.pulled.putProducts(page, startedAt),
        (p) => p.id,
      ),
    quotations: (r: Reading) =>
      read<Quotation>(
        'quotations',
        r,
        (page) => store.pulled.putQuotations(page, startedAt),
        (q) => q.id,
      ),
  };
  /** A walk of a list with the pull's readers (pull-records.ts), knowing the pages of its last complete pull. */
  function pagesOf<T>(list: List, identity: (row: T) => number, o: typeof call & { start: number; signal: AbortSignal | undefined }) {
    const reader = PULL_READERS[list];
    return api.listPagesKnowing<T | SetAside>(
      `${list}.list`,
      reader.path,
      reader.parse as unknown as RecordParser<T | SetAside>,
      reader.key,
      (row) => (row instanceof SetAside ? row.identity : identity(row)),
      known(list),
      o,
    );
  }

  const bulk = store.pulled.beginPull();
  try {
    for (const list of LISTS) await walkOf[list](readings[list]);
    // Every list failed: nothing was read, and the pull failed as a whole.
    const first = readings.clients.error;
    if (first && readings.products.error && readings.quotations.error) throw first;
    // A list that came back empty, or with fewer than half of the records
    // this desk holds of it, is read again before anything is removed from
    // it: one `200 []` must not empty a cache. What either reading saw stays.
    for (const list of LISTS) {
      const r = readings[list];
      if (!r.complete || r.unkeyed || othersWrote[list] || !looksCollapsed(new Set(r.seen).size, store.pulled.count(list))) continue;
      const again = reading();
      setAside.forget(list);
      partlyRead.forget(list);
      await walkOf[list](again);
      (summary.confirmed ??= []).push(list);
      readings[list] = { ...again, seen: [...r.seen, ...again.seen], unkeyed: again.unkeyed || r.unkeyed };
    }
  } finally {
    bulk.end();
    store.keyValues.set(PAGING_KEY, api.paging.toJSON());
  }
  for (const list of LISTS) summary[list] = readings[list].stored;

  // Only after every list was read: a record missing from a list read to a
  // certain end is gone. A list whose end is in doubt removes nothing, nor
  // does one whose walk failed, or that set aside a record of unknown number.
  const sweeps = {
    clients: () => store.pulled.sweepClients(readings.clients.seen),
    products: () => store.pulled.sweepProducts(readings.products.seen),
    quotations: () => store.pulled.sweepQuotations(readings.quotations.seen),
  };
  for (const list of LISTS) {
    const r = readings[list];
    if (r.error) (summary.failed ??= []).push({ list, error: serializeApiError(r.error) });
    if (!r.complete || r.unkeyed) {
      (summary.incomplete ??= []).push(list);
      continue;
    }
    // Written by someone else while the pull ran (a push it gave way to): a
    // record made then may be missing from the pages read before, so this
    // list removes nothing now; the next pull sweeps it.
    if (othersWrote[list] || store.pullPrints.writes(list) !== writes[list]) {
      othersWrote[list] = true;
      continue;
    }
    const swept = own(list, sweeps[list]);
    summary.removed += swept.removed;
    summary.flagged += swept.flagged.length;
  }
  // Kept only of a list read to its end, with no one else's write in
  // between, and only now, after every write of this pull. A list in doubt keeps none.
  for (const list of LISTS) {
    const r = readings[list];
    const good = r.complete && !r.unkeyed && !othersWrote[list] && store.pullPrints.writes(list) === writes[list];
    if (good) store.pullPrints.save(list, r.prints);
    else store.pullPrints.forget(list);
  }
  const aside = setAside.notesOf();
  if (aside) summary.setAside = aside;
  const partly = partlyRead.notesOf();
  if (partly) summary.partlyRead = partly;
  if (Object.keys(order).length > 0) summary.order = order;
  store.keyValues.set(SIZES_KEY, { clients: summary.clients, products: summary.products, quotations: summary.quotations } satisfies Sizes);
  // Profiles and categories last, once everything above is stored: their
  // failures are caught inside (a 404 or a garbled answer does not fail the
  // pull), and only what is about the whole connection (the key, the limit,
  // a cancel) is thrown, when nothing of the rest is left to lose.
  const lists = await readDocumentLists(store, api, now, { priority: opts.priority, signal: opts.signal });
  summary.requests += lists.requests;
  summary.lists = lists.outcomes;
  opts.onProgress?.({ phase: 'quotations', pagesDone, pagesEstimated: pagesDone });
  return summary;
}

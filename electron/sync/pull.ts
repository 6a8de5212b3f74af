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
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InvoicingApi } from '../api';
import type { Walk } from '../api/paging';
import { UnchangedPage, digestOfPage, type KnownPages } from '../api/page-prints';
import type { Store } from '../store';
import type { PullPhase, PullProgress, PullSummary } from '../../shared/sync';
import { readDocumentLists } from './document-lists';

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

type List = 'clients' | 'products' | 'quotations';
type Sizes = Record<List, number>;

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
  const seen: Record<List, number[]> = { clients: [], products: [], quotations: [] };
  const complete: Record<List, boolean> = { clients: false, products: false, quotations: false };
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
  const prints: Record<List, Map<string, readonly number[]>> = { clients: new Map(), products: new Map(), quotations: new Map() };
  const known =
    (list: List): KnownPages =>
    (digest) =>
      before[list].get(digest);
  /**
   * Walks one list, in segments: a walk from `start` until it ends, or until
   * it stops (between two pages, or giving up the page it waited for) to let
   * a person's work go, after which the next segment walks on from the row it
   * reached.
   */
  const read = async <T>(
    list: List,
    walkFrom: (start: number, signal: AbortSignal | undefined) => Walk<T, UnchangedPage>,
    put: (page: T[]) => void,
    key: (row: T) => number,
  ) => {
    let start = 0;
    for (;;) {
      const segment = opts.giveWay?.segment();
      const walk = walkFrom(start, segment && opts.signal ? AbortSignal.any([segment, opts.signal]) : (segment ?? opts.signal));
      let gaveWay = false;
      try {
        for await (const page of walk) {
          let keys: readonly number[];
          if (page instanceof UnchangedPage) keys = page.keys;
          else {
            await nextTurn();
            own(list, () => put(page));
            keys = page.map(key);
          }
          for (const k of keys) seen[list].push(k);
          const digest = page instanceof UnchangedPage ? page.digest : digestOfPage(page);
          if (digest !== undefined) prints[list].set(digest, keys);
          summary[list] += keys.length;
          start += keys.length;
          pagesDone++;
          progress(list);
          if (opts.giveWay?.wanted()) {
            gaveWay = true;
            break;
          }
        }
      } catch (e) {
        // the page waited for was given up for a person's work, not failed
        if (!segment?.aborted || opts.signal?.aborted) throw e;
        gaveWay = true;
      } finally {
        summary.requests += walk.requests;
      }
      if (!gaveWay) {
        complete[list] = walk.complete;
        return;
      }
      await opts.giveWay!.run();
      if (opts.signal?.aborted) throw opts.signal.reason;
    }
  };
  const bulk = store.pulled.beginPull();
  try {
    await read(
      'clients',
      (start, signal) => api.clients.pagesKnowing(known('clients'), { ...call, start, signal }),
      (page) => store.pulled.putClients(page, startedAt),
      (c) => c.clientnr,
    );
    await read(
      'products',
      (start, signal) => api.products.pagesKnowing(known('products'), { ...call, start, signal }),
      (page) => store.pulled.putProducts(page, startedAt),
      (p) => p.id,
    );
    await read(
      'quotations',
      (start, signal) => api.quotations.pagesKnowing(known('quotations'), { ...call, start, signal }),
      (page) => store.pulled.putQuotations(page, startedAt),
      (q) => q.id,
    );
  } finally {
    bulk.end();
    store.keyValues.set(PAGING_KEY, api.paging.toJSON());
  }

  // Only after every list was read: a record missing from a list read to a
  // certain end is gone. A list whose end is in doubt removes nothing.
  const sweeps = {
    clients: () => store.pulled.sweepClients(seen.clients),
    products: () => store.pulled.sweepProducts(seen.products),
    quotations: () => store.pulled.sweepQuotations(seen.quotations),
  };
  for (const list of ['clients', 'products', 'quotations'] as const) {
    if (!complete[list]) {
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
    const r = own(list, sweeps[list]);
    summary.removed += r.removed;
    summary.flagged += r.flagged.length;
  }
  // Kept only of a list read to its end, with no one else's write in
  // between, and only now, after every write of this pull. A list in doubt keeps none.
  for (const list of ['clients', 'products', 'quotations'] as const) {
    const good = complete[list] && !othersWrote[list] && store.pullPrints.writes(list) === writes[list];
    if (good) store.pullPrints.save(list, prints[list]);
    else store.pullPrints.forget(list);
  }
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

// Reads the service's clients, products, quotations and country list into the
// cache, page by page (the largest page the service gives, so one request per
// page), each page in one transaction. Records that vanished from the service
// are removed afterwards, or flagged when local work still needs them.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InvoicingApi } from '../api';
import type { Store } from '../store';
import type { PullPhase, PullProgress, PullSummary } from '../../shared/sync';

export interface PullOptions {
  pageSize?: number;
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  /** a person asked for this pull (Sync now): it may spend the budget's reserve */
  priority?: boolean;
}

const SIZES_KEY = 'pull.sizes';
const LAST_KEY = 'pull.lastStartedAt';

type Sizes = Record<'clients' | 'products' | 'quotations', number>;

export async function pull(store: Store, api: InvoicingApi, now: () => number, opts: PullOptions = {}): Promise<PullSummary> {
  const pageSize = opts.pageSize ?? api.pageSize;
  // pulls are told apart by their start time; two in the same millisecond must not be
  const startedAt = Math.max(now(), (store.settings.get<number>(LAST_KEY) ?? 0) + 1);
  store.settings.set(LAST_KEY, startedAt);

  const last = store.settings.get<Sizes>(SIZES_KEY);
  const pagesFor = (n: number) => Math.floor(n / pageSize) + 1;
  let estimated = 1 + (last ? pagesFor(last.clients) + pagesFor(last.products) + pagesFor(last.quotations) : 3);
  let pagesDone = 0;
  const progress = (phase: PullPhase) => {
    estimated = Math.max(estimated, pagesDone + (phase === 'quotations' ? 0 : 1));
    opts.onProgress?.({ phase, pagesDone, pagesEstimated: estimated });
  };

  const summary: PullSummary = { requests: 0, clients: 0, products: 0, quotations: 0, countries: 0, flagged: 0, removed: 0 };
  const call = { pageSize, signal: opts.signal, priority: opts.priority };
  // what this pull saw, for the sweep: kept here rather than marked on every row
  const seen: Record<'clients' | 'products' | 'quotations', number[]> = { clients: [], products: [], quotations: [] };
  // Each page's write below holds the thread. The pager asks for the next
  // page as soon as a full one arrives; waiting one turn of the event loop
  // (`nextTurn`) before writing lets that request reach the wire, so the
  // service prepares the next page while this one is written.

  const countries = await api.countries(undefined, { signal: opts.signal, priority: opts.priority });
  store.cache.putCountries(countries);
  summary.countries = countries.length;
  summary.requests++;
  pagesDone++;
  progress('countries');

  for await (const page of api.clients.pages(call)) {
    await nextTurn();
    store.cache.putClients(page, startedAt);
    for (const c of page) seen.clients.push(c.clientnr);
    summary.clients += page.length;
    pagesDone++;
    progress('clients');
  }
  for await (const page of api.products.pages(call)) {
    await nextTurn();
    store.cache.putProducts(page, startedAt);
    for (const p of page) seen.products.push(p.id);
    summary.products += page.length;
    pagesDone++;
    progress('products');
  }
  for await (const page of api.quotations.pages(call)) {
    await nextTurn();
    store.cache.putQuotations(page, startedAt);
    for (const q of page) seen.quotations.push(q.id);
    summary.quotations += page.length;
    pagesDone++;
    progress('quotations');
  }
  // a list that ends on a full page needs one more (empty) request to be sure
  for (const n of [summary.clients, summary.products, summary.quotations]) summary.requests += Math.ceil(n / pageSize) + (n % pageSize === 0 ? 1 : 0);

  // only after every list was read whole: a record missing from it is gone
  for (const r of [store.cache.sweepClients(seen.clients), store.cache.sweepProducts(seen.products), store.cache.sweepQuotations(seen.quotations)]) {
    summary.removed += r.removed;
    summary.flagged += r.flagged.length;
  }
  store.settings.set(SIZES_KEY, { clients: summary.clients, products: summary.products, quotations: summary.quotations } satisfies Sizes);
  opts.onProgress?.({ phase: 'quotations', pagesDone, pagesEstimated: pagesDone });
  return summary;
}

// Takes one outbox entry to the service: resolves an unknown outcome first,
// then sends, and turns a failure into the entry's next state.
import { ApiError, retryDelay, type BackoffOptions } from '../api';
import type { OpKind } from '../../shared/outbox';
import type { OutboxItem } from '../store';
import { StoreError } from '../store';
import { classify, type FailureAction } from './failures';
import { ClientCreate, ClientDelete, ClientUpdate } from './ops/clients';
import { QuotationDelete, QuotationSave, QuotationSend, QuotationSentChange } from './ops/quotations';
import { ProductCreate, ProductDelete, ProductStock, ProductUpdate } from './ops/products';
import type { OpHandler, PushDeps } from './ops/types';
import { said, type Said } from '../../shared/messages';

export type PushOutcome = { result: 'done' | 'parked' | 'waiting' } | { result: 'failed'; action: FailureAction; error: ApiError };

export interface PusherOptions {
  /** waits between attempts of one entry; default 1 s doubling to 5 min, jittered */
  backoff?: BackoffOptions;
  now: () => number;
}

export class Pusher {
  private readonly handlers: Record<OpKind, OpHandler>;
  private readonly backoff: BackoffOptions;

  constructor(
    private readonly deps: PushDeps,
    private readonly opts: PusherOptions,
  ) {
    const sentChange = new QuotationSentChange(deps);
    this.handlers = {
      'client.create': new ClientCreate(deps),
      'client.update': new ClientUpdate(deps),
      'client.delete': new ClientDelete(deps),
      'quotation.save': new QuotationSave(deps),
      'quotation.send': new QuotationSend(deps),
      'quotation.approve': sentChange,
      'quotation.status': sentChange,
      'quotation.delete': new QuotationDelete(deps),
      'product.create': new ProductCreate(deps),
      'product.update': new ProductUpdate(deps),
      'product.stock': new ProductStock(deps),
      'product.delete': new ProductDelete(deps),
    };
    this.backoff = { baseMs: 1000, capMs: 5 * 60_000, ...opts.backoff };
  }

  async push(entry: OutboxItem): Promise<PushOutcome> {
    const handler = this.handlers[entry.kind];
    try {
      if (entry.state === 'unknown_outcome') {
        const r = await handler.resolve(entry);
        if (r === 'applied') return { result: 'done' };
        if (r === 'parked') return { result: 'parked' };
      }
      // re-read: resolving may have changed the entry
      return { result: await handler.push(this.deps.store.outbox.get(entry.id)) };
    } catch (e) {
      if (e instanceof ApiError) return this.failed(entry.id, e);
      // a local problem (a record changed in a way the entry cannot carry): the user decides
      const reason = e instanceof StoreError ? storeReason(e) : said('parked.unexpected', { detail: (e as Error)?.message ?? String(e) });
      const current = this.deps.store.outbox.find(entry.id);
      if (current && current.state !== 'done') {
        if (current.state === 'in_flight') this.deps.store.outbox.markUnknown(entry.id, { kind: 'other', ...reason });
        else this.deps.store.outbox.park(entry.id, { kind: 'other', ...reason });
      }
      return { result: 'parked' };
    }
  }

  private failed(id: number, error: ApiError): PushOutcome {
    const { outbox } = this.deps.store;
    const action = classify(error);
    const entry = outbox.find(id);
    if (!entry || entry.state === 'done') return { result: 'done' };
    const now = this.opts.now();
    const wait = (retryAfterMs?: number) => Math.min(this.backoff.capMs ?? Infinity, retryDelay(entry.attempts, retryAfterMs, this.backoff));
    // A request of unknown outcome stays unknown until a lookup says otherwise.
    const unknown = entry.state === 'unknown_outcome' || (entry.state === 'in_flight' && action.do === 'lookup');
    switch (action.do) {
      case 'abort':
        if (entry.state === 'in_flight')
          outbox.markUnknown(id, { kind: 'network', message: error.message, messageKey: error.messageKey, params: { ...error.params } });
        break;
      case 'lookup':
      case 'retry': {
        const at = now + wait(action.do === 'retry' ? action.retryAfterMs : undefined);
        if (unknown) outbox.lookupAt(id, at, action.error);
        else outbox.retryAt(id, at, action.error);
        break;
      }
      case 'park':
        if (unknown) outbox.lookupAt(id, now + wait(), action.error);
        else outbox.park(id, action.error);
        break;
      case 'pause':
        // the entry waits in line; the engine stops the whole outbox
        if (unknown) outbox.lookupAt(id, now, action.error);
        else outbox.retryAt(id, now, action.error);
        break;
    }
    return { result: 'failed', action, error };
  }
}

/** A store error as a parked reason: by its key when it has one, else by its words. */
function storeReason(e: StoreError): Said | { message: string } {
  return e.key ? said(e.key, e.params) : { message: e.message };
}

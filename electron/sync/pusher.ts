// Takes one outbox entry to the service: resolves an unknown outcome first,
// then sends, and moves the entry on as the write policy decides when that
// fails (write-policy.ts).
import { ApiError, type BackoffOptions } from '../api';
import type { OpKind } from '../../shared/outbox';
import type { OutboxItem } from '../store';
import { StoreError } from '../store';
import { ClaimedElsewhere } from '../store/outbox';
import { WritePolicy, opErrorOf, type WriteDecision } from './write-policy';
import { ClientCreate, ClientDelete, ClientUpdate } from './ops/clients';
import { QuotationDelete, QuotationSave, QuotationSend } from './ops/quotations';
import { QuotationSentChange } from './ops/sent-change';
import { ProductCreate, ProductDelete, ProductStock, ProductUpdate } from './ops/products';
import type { OpHandler, PushDeps } from './ops/types';
import { said, type Said } from '../../shared/messages';

/**
 * done, parked, waiting (on another entry: see PushResult); claimed: another
 * desk on the same data works on it; failed: the request failed and the entry
 * was moved on as `decision` says.
 */
export type PushOutcome = { result: 'done' | 'parked' | 'waiting' | 'claimed' } | { result: 'failed'; decision: WriteDecision; error: ApiError };

export interface PusherOptions {
  /** waits between attempts of one entry; default 1 s doubling to 5 min, jittered (write-policy.ts) */
  backoff?: BackoffOptions;
  /** service failures after which an entry waits for the person (write-policy.ts) */
  giveUpAfter?: number;
  now: () => number;
}

export class Pusher {
  private readonly handlers: Record<OpKind, OpHandler>;
  readonly policy: WritePolicy;

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
    this.policy = new WritePolicy({ backoff: opts.backoff, giveUpAfter: opts.giveUpAfter });
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
      if (e instanceof ClaimedElsewhere) return { result: 'claimed' };
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

  /** Moves the entry on as the write policy decides for `error`. */
  private failed(id: number, error: ApiError): PushOutcome {
    const { outbox } = this.deps.store;
    const entry = outbox.find(id);
    if (!entry || entry.state === 'done') return { result: 'done' };
    const decision = this.policy.decide(entry, error, this.opts.now());
    switch (decision.do) {
      case 'leave':
        if (entry.state === 'in_flight') outbox.markUnknown(id, opErrorOf(error, 'network'));
        break;
      case 'retry':
        if (decision.lookupFirst) outbox.lookupAt(id, decision.at, decision.error, decision.counts);
        else outbox.retryAt(id, decision.at, decision.error, decision.counts);
        break;
      case 'park':
        outbox.park(id, decision.lookupFirst ? { ...decision.error, lookUpFirst: true } : decision.error);
        break;
      case 'pause':
        // the entry waits in line; the engine stops the whole outbox
        if (decision.lookupFirst) outbox.lookupAt(id, this.opts.now(), decision.error, false);
        else outbox.retryAt(id, this.opts.now(), decision.error, false);
        break;
    }
    return { result: 'failed', decision, error };
  }
}

/** A store error as a parked reason: by its key when it has one, else by its words. */
function storeReason(e: StoreError): Said | { message: string } {
  return e.key ? said(e.key, e.params) : { message: e.message };
}

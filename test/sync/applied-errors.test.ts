// Every kind of write, carried out by the service and then answered with an
// error by it or by a gateway in front of it: 500 (the service's own body),
// 502 (a gateway's HTML page), 503 and 504. None of these proves the write
// was not applied, so the desk looks it up before anything goes again
// (docs/retries.md). Afterwards the service holds each record once, each
// send was delivered once, and nothing the service accepted waits as refused.
import { describe, expect, it } from 'vitest';
import { rig, drain, draft, type Rig } from './helpers';

const STATUSES = [500, 502, 503, 504] as const;

interface Write {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** the request the fault strikes, after /api/v1 */
  path: string | RegExp;
  /** what exists before the write (pushed and settled); what `act` and `check` need */
  setup?(r: Rig): Promise<Record<string, string | number>> | Record<string, string | number>;
  /** queues the write */
  act(r: Rig, ctx: Record<string, string | number>, tag: string): void;
  /** the service and this desk after it settled */
  check(r: Rig, ctx: Record<string, string | number>, tag: string): void;
}

const ours = (r: Rig, savename: string) => r.sb.data.quotations.all().filter((q) => q.savename === savename);

async function sentQuotation(r: Rig, tag: string): Promise<{ id: string }> {
  const id = draft(r, tag);
  r.store.quotations.send(id, 'email');
  await drain(r);
  return { id };
}

/** The delete of a client or product made here and pushed first. */
function deleteOf(list: 'clients' | 'products', make: (r: Rig) => string, serviceId: (r: Rig, id: string) => number): Write {
  return {
    name: `${list === 'clients' ? 'client' : 'product'} delete`,
    method: 'DELETE',
    path: new RegExp(`^/${list}/\\d+$`),
    async setup(r) {
      const id = make(r);
      await drain(r);
      return { id, nr: serviceId(r, id) };
    },
    act: (r, c) => r.store[list].delete(String(c.id)),
    check(r, c) {
      expect(r.sb.data[list].get(Number(c.nr))).toBeUndefined();
      expect(r.store[list].find(String(c.id))).toBeNull();
    },
  };
}

const WRITES: Write[] = [
  {
    name: 'client create',
    method: 'POST',
    path: '/clients',
    act: (r, _c, tag) => void r.store.clients.create({ company: `Applied ${tag} BV`, email: `applied-${tag}@example.nl` }),
    check(r, _c, tag) {
      const on = r.sb.data.clients.all().filter((c) => c.company === `Applied ${tag} BV`);
      expect(on).toHaveLength(1);
      expect(r.store.clients.list({ limit: 1000 }).find((c) => c.fields.company === `Applied ${tag} BV`)!.clientnr).toBe(on[0]!.clientnr);
    },
  },
  {
    name: 'client update',
    method: 'PUT',
    path: /^\/clients\/\d+$/,
    setup: (r) => ({ id: r.store.clients.list()[0]!.id }),
    act: (r, c, tag) => void r.store.clients.update(String(c.id), { city: `City ${tag}` }),
    check(r, c, tag) {
      const local = r.store.clients.get(String(c.id));
      expect(r.sb.data.clients.get(local.clientnr!)!.city).toBe(`City ${tag}`);
      expect(local.fields.city).toBe(`City ${tag}`);
    },
  },
  deleteOf(
    'clients',
    (r) => r.store.clients.create({ company: 'Short lived BV' }).id,
    (r, id) => r.store.clients.get(id).clientnr!,
  ),
  {
    name: 'product create',
    method: 'POST',
    path: '/products',
    act: (r, _c, tag) => void r.store.products.create({ code: `AP-${tag}`, name: `Applied ${tag}`, price: 1.25, taxes: 21 }),
    check(r, _c, tag) {
      const on = r.sb.data.products.all().filter((p) => p.code === `AP-${tag}`);
      expect(on).toHaveLength(1);
      expect(r.store.products.list({ limit: 1000 }).find((p) => p.fields.code === `AP-${tag}`)!.productId).toBe(on[0]!.id);
    },
  },
  {
    name: 'product update',
    method: 'PUT',
    path: /^\/products\/\d+$/,
    setup: (r) => ({ id: r.store.products.list()[0]!.id }),
    act: (r, c) => void r.store.products.update(String(c.id), { price: 9.875 }),
    check(r, c) {
      expect(r.sb.data.products.get(r.store.products.get(String(c.id)).productId!)!.price).toBe(9.875);
    },
  },
  {
    name: 'product stock',
    method: 'PUT',
    path: /^\/products\/\d+$/,
    setup: (r) => ({ id: r.store.products.list()[0]!.id }),
    act: (r, c) => void r.store.products.setStock(String(c.id), 17),
    check(r, c) {
      expect(r.sb.data.products.get(r.store.products.get(String(c.id)).productId!)!.stock).toBe(17);
    },
  },
  deleteOf(
    'products',
    (r) => r.store.products.create({ code: 'GONE-1', name: 'Short lived', price: 2, taxes: 21 }).id,
    (r, id) => r.store.products.get(id).productId!,
  ),
  {
    name: 'quotation save',
    method: 'POST',
    path: '/quotations',
    act: (r, c, tag) => void (c.id = draft(r, tag)),
    check(r, c) {
      const local = r.store.quotations.get(String(c.id));
      const on = ours(r, local.savename!);
      expect(on).toHaveLength(1);
      expect(on[0]).toMatchObject({ id: local.serverId, sent: false });
      expect(on[0]!.lines).toHaveLength(1);
    },
  },
  {
    name: 'quotation send',
    method: 'POST',
    path: '/quotations',
    act(r, c, tag) {
      c.id = draft(r, tag);
      r.store.quotations.send(String(c.id), 'email');
    },
    check(r, c) {
      const local = r.store.quotations.get(String(c.id));
      const on = ours(r, local.savename!);
      expect(on).toHaveLength(1);
      expect(on[0]).toMatchObject({ id: local.serverId, sent: true });
      expect(r.sb.deliveries().filter((d) => d.quotationreference === local.quotationreference)).toHaveLength(1);
      expect(local.sent).toBe(true);
    },
  },
  {
    name: 'send of a saved draft (a new id)',
    method: 'PUT',
    path: /^\/quotations\/\d+$/,
    async setup(r) {
      const id = draft(r, 'saved first');
      await drain(r);
      return { id, draftId: r.store.quotations.get(id).serverId! };
    },
    act: (r, c) => void r.store.quotations.send(String(c.id), 'email'),
    check(r, c) {
      const local = r.store.quotations.get(String(c.id));
      const on = ours(r, local.savename!);
      expect(on).toHaveLength(1);
      expect(on[0]).toMatchObject({ id: local.serverId, sent: true });
      expect(local.serverId).not.toBe(c.draftId);
      expect(r.sb.data.quotations.get(Number(c.draftId))).toBeUndefined();
      expect(r.sb.deliveries()).toHaveLength(1);
      expect(r.sb.deliveries()[0]!.quotationId).toBe(local.serverId);
    },
  },
  {
    name: 'approve',
    method: 'PUT',
    path: /^\/quotations\/\d+$/,
    setup: (r) => sentQuotation(r, 'to approve'),
    act: (r, c) => void r.store.quotations.approve(String(c.id), { name: 'J. Jansen', date: '2026-11-20' }),
    check(r, c) {
      const local = r.store.quotations.get(String(c.id));
      expect(r.sb.data.quotations.get(local.serverId!)!.approved).toMatchObject({ name: 'J. Jansen', date: '2026-11-20' });
    },
  },
  {
    name: 'remove approval',
    method: 'PUT',
    path: /^\/quotations\/\d+$/,
    async setup(r) {
      const q = await sentQuotation(r, 'approved');
      r.store.quotations.approve(q.id, { name: 'J. Jansen', date: '2026-11-20' });
      await drain(r);
      return q;
    },
    act: (r, c) => void r.store.quotations.unapprove(String(c.id)),
    check(r, c) {
      expect(r.sb.data.quotations.get(r.store.quotations.get(String(c.id)).serverId!)!.approved ?? null).toBeNull();
    },
  },
  {
    name: 'custom status',
    method: 'PUT',
    path: /^\/quotations\/\d+$/,
    setup: (r) => sentQuotation(r, 'status'),
    act: (r, c) => void r.store.quotations.setCustomStatus(String(c.id), 'billable'),
    check(r, c) {
      expect(r.sb.data.quotations.get(r.store.quotations.get(String(c.id)).serverId!)!.customstatus).toBe('billable');
    },
  },
  {
    name: 'quotation delete',
    method: 'DELETE',
    path: /^\/quotations\/\d+$/,
    async setup(r) {
      const id = draft(r, 'to delete');
      await drain(r);
      return { id, serverId: r.store.quotations.get(id).serverId! };
    },
    act: (r, c) => r.store.quotations.delete(String(c.id)),
    check(r, c) {
      expect(r.sb.data.quotations.get(Number(c.serverId))).toBeUndefined();
      expect(r.store.quotations.find(String(c.id))).toBeNull();
    },
  },
];

describe('a write the service carried out, then answered with an error', () => {
  for (const write of WRITES) {
    describe(write.name, () => {
      for (const status of STATUSES) {
        it(`${status}: applied once, recorded, nothing parked`, async () => {
          const r = await rig({ sandbox: { clients: 3, products: 3, quotations: 0, credits: 100 } });
          await r.engine.pull();
          const ctx = { ...((await write.setup?.(r)) ?? {}) };
          await drain(r);
          expect(r.store.outbox.pendingCount()).toBe(0);
          const before = r.sb.requestLog().length;
          r.sb.addFault({ method: write.method, path: write.path, effect: { kind: 'error', status, applied: true } });
          write.act(r, ctx, String(status));
          await drain(r);

          const log = r.sb.requestLog().slice(before);
          // the fault struck a write the service carried out
          expect(log.filter((x) => x.fault === 'applied_error')).toEqual([expect.objectContaining({ method: write.method, status })]);
          expect(log.find((x) => x.fault === 'applied_error')!.replaced).toBeLessThan(300);
          expect(r.store.outbox.parked().map((e) => [e.kind, e.lastError?.messageKey])).toEqual([]);
          expect(r.store.conflicts.open()).toEqual([]);
          expect(r.store.outbox.pendingCount()).toBe(0);
          write.check(r, ctx, String(status));
        });
      }
    });
  }
});

describe('a send that was delivered', () => {
  // As after an older build, which took a 502 for "not applied", or a look-up
  // that could not see the send yet: the entry goes out again without one.
  const forgetTheLookUp = (r: Rig) => {
    const [entry] = r.store.outbox.list();
    expect(entry).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
    r.store.outbox.retryAt(entry!.id, 0, entry!.lastError!);
  };

  it('is recorded as sent, with its id, when the repeat of a new send is refused', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    const id = draft(r, 'once');
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 502, applied: true } });
    await r.engine.flush();
    forgetTheLookUp(r);
    await drain(r);
    const local = r.store.quotations.get(id);
    const on = ours(r, local.savename!);
    expect(on).toHaveLength(1);
    expect(local).toMatchObject({ sent: true, serverId: on[0]!.id, quotationreference: on[0]!.quotationreference });
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(r.store.outbox.parked()).toEqual([]);
    // the repeat went, and was refused
    expect(r.sb.requests().filter((q) => q.method === 'POST' && q.status === 422).length).toBeGreaterThan(0);
  });

  it('is recorded as sent, with its new id, when the repeat of a saved draft’s send finds the draft gone', async () => {
    const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
    await r.engine.pull();
    const id = draft(r, 'saved');
    await drain(r);
    const draftId = r.store.quotations.get(id).serverId!;
    r.store.quotations.send(id, 'email');
    r.sb.addFault({ method: 'PUT', path: `/quotations/${draftId}`, effect: { kind: 'error', status: 504, applied: true } });
    await r.engine.flush();
    forgetTheLookUp(r);
    await drain(r);
    const local = r.store.quotations.get(id);
    const on = ours(r, local.savename!);
    expect(on).toHaveLength(1);
    expect(on[0]!.id).not.toBe(draftId);
    expect(local).toMatchObject({ sent: true, serverId: on[0]!.id });
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(r.store.outbox.parked()).toEqual([]);
    expect(r.store.conflicts.open()).toEqual([]);
    expect(r.sb.requests().filter((q) => q.method === 'PUT' && q.status === 404)).toHaveLength(1);
  });
});

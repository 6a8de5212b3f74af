// Pulls and look-ups against services that page their lists in the ways the
// spec leaves open: pages capped whatever count asks, and a quotation list
// answered whole. Every record must arrive, nothing may be removed on a walk
// that did not finish, and a send whose answer was lost is found, not repeated.
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../electron/sandbox';
import { drain, rig, sendUnanswered, type Rig } from './helpers';

const SIZES = { clients: 250, products: 120, quotations: 90 };

const READINGS: [string, SandboxOptions][] = [
  ['pages capped at 100', { maxCount: 100 }],
  ['pages capped at 37', { maxCount: 37 }],
  ['the quotation list answered whole', { unpaged: ['quotations'] }],
  ['pages capped at 37 and the quotation list answered whole', { maxCount: 37, unpaged: ['quotations'] }],
];

/** Every record the service holds, by its number, is in the local store. */
function expectEverything(r: Rig): void {
  const missing = {
    clients: r.sb.data.clients.ids().filter((n) => r.store.clients.byClientnr(n) === null),
    products: r.sb.data.products.ids().filter((id) => r.store.pulled.product(id) === null),
    quotations: r.sb.data.quotations.ids().filter((id) => r.store.quotations.byServerId(id) === null),
  };
  expect(missing).toEqual({ clients: [], products: [], quotations: [] });
  expect(r.store.pulled.count('clients')).toBe(r.sb.data.clients.ids().length);
  expect(r.store.pulled.count('products')).toBe(r.sb.data.products.ids().length);
  expect(r.store.pulled.count('quotations')).toBe(r.sb.data.quotations.ids().length);
}

const gets = (r: Rig) => r.sb.requests().filter((q) => q.method === 'GET').length;

describe.each(READINGS)('pulling from a service with %s', (_name, reading) => {
  it('the first and later pulls hold every record; a record gone from the service is removed', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 11, ...reading } });
    const first = await r.engine.pull();
    expect(first).toMatchObject({ ...SIZES, removed: 0 });
    expect(first.incomplete).toBeUndefined();
    expect(first.requests).toBe(gets(r));
    expectEverything(r);

    const before = gets(r);
    const second = await r.engine.pull();
    expect(second).toMatchObject({ ...SIZES, removed: 0 });
    expect(second.requests).toBe(gets(r) - before);
    // what the first pull learned, the second does not pay for again
    expect(second.requests).toBeLessThanOrEqual(first.requests);
    expectEverything(r);

    const lastClient = r.sb.data.clients.ids().at(-1)!;
    const lastProduct = r.sb.data.products.ids().at(-1)!;
    const lastQuotation = r.sb.data.quotations.ids().at(-1)!;
    r.sb.data.clients.delete(lastClient);
    r.sb.data.products.delete(lastProduct);
    r.sb.data.quotations.delete(lastQuotation);
    const third = await r.engine.pull();
    expect(third.removed).toBe(3);
    expect(r.store.clients.byClientnr(lastClient)).toBeNull();
    expect(r.store.quotations.byServerId(lastQuotation)).toBeNull();
    expectEverything(r);
  });
});

describe('requests a pull costs', () => {
  it('pages capped at 37: the first pull pays one request for learning it, later pulls the least there is', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 11, maxCount: 37 } });
    const pages = (n: number) => Math.ceil(n / 37);
    const least = 1 + pages(250) + pages(120) + pages(90);
    // the first pull also reads the profiles and categories, a request each; later ones within the day do not
    expect((await r.engine.pull()).requests).toBe(least + 2);
    expect((await r.engine.pull()).requests).toBe(least);
    // every list after the first is asked for 37 rows a page from its start
    const lists = r.sb.requests().filter((q) => /\/(clients|products|quotations)\?/.test(q.url));
    expect(lists.filter((q) => !/count=37&/.test(q.url)).map((q) => q.url)).toEqual(['/api/v1/clients?count=1000&start=0']);
  });

  it('the quotation list answered whole is read with one request', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 11, maxCount: 37, unpaged: ['quotations'] } });
    await r.engine.pull();
    const before = r.sb.requests().length;
    await r.engine.pull();
    expect(
      r.sb
        .requests()
        .slice(before)
        .filter((q) => q.url.includes('/quotations'))
        .map((q) => q.url),
    ).toEqual(['/api/v1/quotations?count=37&start=0']);
  });

  it('a restarted app does not learn the page size again: it is kept with the pull', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 11, maxCount: 37 } });
    await r.engine.pull();
    const restarted = r.reopen();
    const before = r.sb.requests().length;
    await restarted.engine.pull();
    expect(
      r.sb
        .requests()
        .slice(before)
        .filter((q) => /\/clients\?/.test(q.url))[0]!.url,
    ).toBe('/api/v1/clients?count=37&start=0');
  });
});

describe.each(READINGS)('a walk that did not finish removes nothing, with %s', (_name, reading) => {
  it('a page failing half-way through the clients keeps every client pulled before, those beyond the failed page too, and the other lists are read', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 11, ...reading }, engine: { pageSize: 100 } });
    const pageSize = Math.min(100, reading.maxCount ?? 100);
    await r.engine.pull();
    expectEverything(r);
    const gone = r.sb.data.clients.ids().at(-1)!;
    r.sb.data.clients.delete(gone);
    const product = r.sb.data.products.ids()[0]!;
    r.sb.data.products.patch(product, { name: 'Read all the same' });
    // from the second page of clients on, every page of clients fails
    r.engine.events.on('progress', (p) => {
      if (p.phase === 'clients' && p.pagesDone === 2)
        r.sb.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'error', status: 500, applied: false } });
    });
    const summary = await r.engine.pull();
    r.sb.clearFaults();
    expect(summary.incomplete).toEqual(['clients']);
    expect(summary.failed).toEqual([{ list: 'clients', error: expect.objectContaining({ kind: 'server', operation: 'clients.list' }) }]);
    expect(r.store.pulled.count('clients')).toBe(250);
    expect(r.store.clients.byClientnr(gone)).not.toBeNull();
    for (const n of r.sb.data.clients.ids().slice(3 * pageSize)) expect(r.store.clients.byClientnr(n), `client ${n}`).not.toBeNull();
    expect(r.store.pulled.product(product)?.name).toBe('Read all the same');
    expect(r.store.pulled.count('quotations')).toBe(SIZES.quotations);
  });
});

describe('a list whose end is in doubt', () => {
  it('a list whose end is in doubt (start ignored after a full page) keeps what it had and says so', async () => {
    // 50 quotations answered whole to a walk asking 50 a page: the second page
    // repeats the first, so whether more exist cannot be known
    const r = await rig({ sandbox: { clients: 60, products: 10, quotations: 50, seed: 11, unpaged: ['quotations'] }, engine: { pageSize: 50 } });
    const first = await r.engine.pull();
    expect(first).toMatchObject({ quotations: 50, incomplete: ['quotations'] });
    // still 50 on the service: one gone, one new
    const quotation = r.sb.data.quotations.ids()[10]!;
    const client = r.sb.data.clients.ids()[59]!;
    r.sb.data.quotations.delete(quotation);
    await r.api.quotations.saveOrSend({ clientnr: r.sb.data.clients.ids()[0]!, action: 'save', savename: 'one more' });
    r.sb.data.clients.delete(client);
    const second = await r.engine.pull();
    expect(second).toMatchObject({ quotations: 50, incomplete: ['quotations'] });
    // the clients were read to their end: the one gone is removed; the quotation is kept
    expect(second.removed).toBe(1);
    expect(r.store.clients.byClientnr(client)).toBeNull();
    expect(r.store.quotations.byServerId(quotation)).not.toBeNull();
  });
});

describe('a look-up that cannot read the whole list does not take "not found" for "never arrived"', () => {
  it('a send with no answer waits while the quotation list is in doubt, and goes once the list reads to its end', async () => {
    // the quotation list answered whole to a walk asking 50 a page: while the
    // service holds exactly 50, the second page repeats the first and the
    // look-up cannot know whether more exist
    const r = await rig({ sandbox: { clients: 30, products: 0, quotations: 50, seed: 11, unpaged: ['quotations'] }, api: { pageSize: 50 } });
    await r.engine.pull();
    // the connection breaks: the send never reached the service, which quotedesk cannot know
    const q = await sendUnanswered(r, { resetRate: 1 });
    await drain(r, 4);
    const waiting = r.store.outbox.list()[0]!;
    expect(waiting).toMatchObject({ kind: 'quotation.send', state: 'unknown_outcome' });
    expect(waiting.lastError?.message).toContain('whole list of quotations');
    expect(r.sb.deliveries()).toHaveLength(0);

    // one removed on the service: 49 read to their end, the send is not among them, and goes once
    r.sb.data.quotations.delete(r.sb.data.quotations.ids()[0]!);
    await drain(r);
    expect(r.store.outbox.list().filter((e) => e.state !== 'done')).toEqual([]);
    const deliveries = r.sb.deliveries().filter((d) => d.quotationreference === q.quotationreference);
    expect(deliveries).toHaveLength(1);
    expect(r.store.quotations.get(q.id).serverId).toBe(deliveries[0]!.quotationId);
  });
});

describe.each(READINGS)('never twice, with %s', (_name, reading) => {
  it('a send whose answer was lost, for a quotation beyond the first page, is found and not sent again', async () => {
    const r = await rig({ sandbox: { ...SIZES, quotations: 150, seed: 11, ...reading }, api: { headersTimeoutMs: 300, bodyTimeoutMs: 300 } });
    await r.engine.pull();
    const q = await sendUnanswered(r, { hangAfterCommitRate: 1 });
    await drain(r);

    const deliveries = r.sb.deliveries().filter((d) => d.quotationreference === q.quotationreference);
    expect(deliveries).toHaveLength(1);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
    const sent = deliveries[0]!.quotationId;
    expect(r.store.quotations.get(q.id).serverId).toBe(sent);
    // it sorts beyond the first page the service gives (a list answered whole has one)
    expect(r.sb.data.quotations.ids().indexOf(sent)).toBeGreaterThanOrEqual(reading.maxCount ?? 0);
  });

  it('a client create whose answer was lost is found among search results beyond the first page', async () => {
    const r = await rig({ sandbox: { clients: 20, products: 0, quotations: 0, seed: 11, ...reading } });
    // more namesakes than a capped page holds
    for (let i = 0; i < (reading.maxCount ?? 37) + 8; i++) await r.api.clients.create({ company: 'Zelfde Naam BV', city: `Elders ${i}` });
    await r.engine.pull();
    const c = r.store.clients.create({ company: 'Zelfde Naam BV', city: 'Hier' });
    r.sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    await r.engine.flush();
    expect(r.store.outbox.list()[0]).toMatchObject({ state: 'unknown_outcome' });
    r.sb.clearFaults();
    await drain(r);
    const mine = r.sb.data.clients.all().filter((x) => x.company === 'Zelfde Naam BV' && x.city === 'Hier');
    expect(mine).toHaveLength(1);
    expect(r.store.clients.get(c.id).clientnr).toBe(mine[0]!.clientnr);
  });
});

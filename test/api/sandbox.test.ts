// Every operation and every error kind of the API client, against the
// sandbox over real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi, type InvoicingApiOptions } from '../../electron/api';
import { apiFailure as failure } from '../helpers/api-failure';

let sb: Sandbox;
let api: InvoicingApi;
const extra: InvoicingApi[] = [];
const NOW = new Date('2026-03-02T10:00:00Z');

function apiFor(s: Sandbox, opts: Partial<InvoicingApiOptions> = {}): InvoicingApi {
  const a = new InvoicingApi({ baseUrl: s.url, credentials: () => ({ username: s.user, apiKey: s.key }), backoff: { baseMs: 5, capMs: 20 }, ...opts });
  extra.push(a);
  return a;
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0, now: () => NOW, clients: 23, products: 7, quotations: 5, seed: 3 });
  api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }) });
});
afterEach(async () => {
  sb.clearFaults();
  while (extra.length) await extra.pop()!.close();
});
afterAll(async () => {
  await api.close();
  await sb.close();
});

describe('clients', () => {
  it('lists a page, and pages through the whole list until a short page', async () => {
    const page = await api.clients.list({ count: 5, start: 5 });
    expect(page.map((c) => c.clientnr)).toEqual(sb.data.clients.ids().slice(5, 10));
    const before = sb.requests().length;
    const all: number[] = [];
    for await (const c of api.clients.all({ pageSize: 5 })) all.push(c.clientnr);
    expect(all).toEqual([...sb.data.clients.ids()]);
    // 23 rows in pages of 5: four full pages and a short one, nothing after it
    await new Promise((r) => setTimeout(r, 50));
    const urls = sb
      .requests()
      .slice(before)
      .map((r) => r.url);
    expect(urls).toEqual([0, 5, 10, 15, 20].map((s) => `/api/v1/clients?count=5&start=${s}`));
    const pages = [];
    for await (const p of api.clients.pages()) pages.push(p.length);
    expect(pages).toEqual([23]);
  });

  it('creates, reads, updates only what changed, and deletes', async () => {
    const id = await api.clients.create({
      company: 'Studio Noord',
      contact: 'Anna',
      email: 'anna@noord.nl',
      country: 'Nederland',
      tax_shifted: false,
      reference: { line1: 'PO 12' },
    });
    const created = await api.clients.get(id);
    expect(created).toMatchObject({
      clientnr: id,
      company: 'Studio Noord',
      email: 'anna@noord.nl',
      country: 146,
      tax_shifted: false,
      reference: { line1: 'PO 12' },
    });

    // someone edits the city on the service; our update of the phone must not undo it
    sb.data.clients.set({ ...sb.data.clients.get(id)!, city: 'Groningen' });
    await api.clients.update(id, { phone: '0501234567' });
    expect(await api.clients.get(id)).toMatchObject({ phone: '0501234567', city: 'Groningen', company: 'Studio Noord' });

    await api.clients.delete(id);
    expect(await failure(api.clients.get(id))).toMatchObject({ kind: 'not_found', status: 404, outcome: 'not_applied' });
  });

  it('refuses to delete a client with documents', async () => {
    const withDocs = sb.data.clients.ids().find((n) => Object.values(sb.data.documentsOf(n)).some((c) => c > 0))!;
    const e = await failure(api.clients.delete(withDocs));
    expect(e).toMatchObject({ kind: 'has_documents', status: 403, messageKey: 'api.has_documents' });
    expect(e.message).toMatch(/inactive instead/);
    expect(sb.data.clients.has(withDocs)).toBe(true);
  });

  it("passes on the service's field errors (422)", async () => {
    const e = await failure(api.clients.create({ company: 'X', country: 'Atlantis' }));
    expect(e).toMatchObject({ kind: 'validation', status: 422, outcome: 'not_applied' });
    expect(e.fieldErrors?.map((f) => f.field)).toEqual(['country']);
  });
});

describe('products', () => {
  it('creates, updates, sets the stock alone, and deletes', async () => {
    const id = await api.products.create({ code: 'KOF-1', name: 'Koffie', price: 12.5, taxes: 9 });
    expect(await api.products.get(id)).toMatchObject({ id, code: 'KOF-1', price: 12.5, taxes: 9, priceintax: 13.625 });
    await api.products.update(id, { name: 'Koffiebonen' });
    await api.products.setStock(id, 40);
    expect(await api.products.get(id)).toMatchObject({ name: 'Koffiebonen', stock: 40, stock_use: true, price: 12.5 });
    const page = await api.products.list({ count: 1000 });
    expect(page.map((p) => p.id)).toContain(id);
    await api.products.delete(id);
    expect((await failure(api.products.get(id))).kind).toBe('not_found');
  });

  it('passes on a tax rate the account does not have (422)', async () => {
    const e = await failure(api.products.create({ name: 'Thee', price: 3, taxes: 7 }));
    expect(e).toMatchObject({ kind: 'validation', status: 422 });
    expect(e.fieldErrors?.map((f) => f.field)).toEqual(['taxes']);
  });
});

describe('quotations', () => {
  const lines = [{ description: 'Advies', amount: 2, price: 95, tax_rate: 21 }, { description: 'Alleen tekst' }];

  it('saves a draft, sends it (getting its new id), approves, sets and clears a status, removes approval, deletes', async () => {
    const clientnr = sb.data.clients.ids().find((n) => sb.data.clients.get(n)!.email)!;
    const draft = await api.quotations.saveOrSend({ clientnr, action: 'save', savename: 'Offerte api-test', lines, quotationperiod: 14 });
    expect(await api.quotations.get(draft)).toMatchObject({
      id: draft,
      sent: false,
      savename: 'Offerte api-test',
      lines: [{ description: 'Advies', linetotal: 190 }, { description: 'Alleen tekst' }],
    });

    const sent = await api.quotations.send(draft, 'email');
    expect(sent).not.toBe(draft);
    expect((await failure(api.quotations.get(draft))).kind).toBe('not_found');
    expect(sb.deliveries().filter((d) => d.quotationId === sent)).toHaveLength(1);

    await api.quotations.approve(sent, { name: 'J. Jansen', date: '2026-03-02', comments: 'akkoord' });
    await api.quotations.setCustomStatus(sent, 'billable');
    let q = await api.quotations.get(sent);
    expect(q).toMatchObject({ sent: true, customstatus: 'billable', approved: { name: 'J. Jansen', date: '2026-03-02', comments: 'akkoord' } });
    await api.quotations.clearCustomStatus(sent);
    await api.quotations.removeApproval(sent);
    q = await api.quotations.get(sent);
    expect(q).toMatchObject({ customstatus: '', approved: null });

    await api.quotations.delete(sent);
    expect((await failure(api.quotations.get(sent))).kind).toBe('not_found');
  });

  it('creates and sends at once, and lists quotations', async () => {
    const clientnr = sb.data.clients.ids()[0]!;
    const id = await api.quotations.saveOrSend({ clientnr, action: 'send', sendmethod: 'mail', lines });
    expect(await api.quotations.get(id)).toMatchObject({ sent: true });
    const all = [];
    for await (const q of api.quotations.all({ pageSize: 2 })) all.push(q.id);
    expect(all).toEqual([...sb.data.quotations.ids()]);
  });

  it('refuses to approve a draft, and needs credits for the print center', async () => {
    const clientnr = sb.data.clients.ids()[1]!;
    const draft = await api.quotations.saveOrSend({ clientnr, action: 'save', savename: 'Concept zonder verzending', lines });
    const e = await failure(api.quotations.approve(draft, { name: 'X', date: '2026-03-02' }));
    expect(e).toMatchObject({ kind: 'validation', status: 422 });
    sb.setCredits(0);
    try {
      expect(await failure(api.quotations.send(draft, 'printcenter'))).toMatchObject({ kind: 'payment_required', status: 402, outcome: 'not_applied' });
      expect(await api.quotations.get(draft)).toMatchObject({ sent: false });
    } finally {
      sb.setCredits(25);
    }
  });

  it('checks a quotation before sending it', async () => {
    const e = await failure(api.quotations.saveOrSend({ clientnr: 1, action: 'send', lines: [{ amount: 1, price: 1.2345 }] }));
    expect(e).toMatchObject({ kind: 'validation', messageKey: 'api.validation.input' });
    expect(e.fieldErrors!.map((f) => f.field).sort()).toEqual(['lines.0.price', 'sendmethod']);
  });
});

describe('search and countries', () => {
  it('searches every area', async () => {
    const c = sb.data.clients.get(sb.data.clients.ids()[2]!)!;
    const clients = await api.search('clients', 'city', String(c.city));
    expect(clients.map((x) => x.clientnr)).toContain(c.clientnr);
    expect(clients.every((x) => String(x.city).toLowerCase().includes(String(c.city).toLowerCase()))).toBe(true);

    const p = sb.data.products.get(sb.data.products.ids()[0]!)!;
    expect((await api.search('products', 'code', String(p.code))).map((x) => x.id)).toContain(p.id);
    expect(await api.search('clients', 'all', 'no-such-text-anywhere-xyz')).toEqual([]);

    for (const area of ['invoices', 'invoices_saved', 'invoices_repeated'] as const) {
      const table = area === 'invoices' ? sb.data.invoices : area === 'invoices_saved' ? sb.data.savedInvoices : sb.data.repeatingInvoices;
      const first = table.all()[0] as { clientnr: number } | undefined;
      if (!first) throw new Error(`the sandbox has no ${area}`);
      const rows = await api.search(area, 'clientnr', String(first.clientnr));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => typeof r === 'object' && r !== null)).toBe(true);
    }
    const all = [];
    for await (const r of api.searchAll('clients', 'all', 'a', { pageSize: 3 })) all.push(r.clientnr);
    expect(new Set(all).size).toBe(all.length);
  });

  it('reads a search value with special characters', async () => {
    const id = await api.clients.create({ company: 'Smit & Zn / 50%', city: 'Den Haag' });
    expect((await api.search('clients', 'company', 'Smit & Zn / 50%')).map((c) => c.clientnr)).toEqual([id]);
  });

  it('reads the country list in every language', async () => {
    const nl = await api.countries();
    expect(nl).toContainEqual({ id: 146, name: 'Nederland' });
    const en = await api.countries('en');
    expect(en.find((c) => c.id === 226)?.name).toMatch(/United States/);
  });
});

describe('error kinds from the service', () => {
  it('unauthorized: a wrong key, and a key made inactive or deleted', async () => {
    const wrong = apiFor(sb, { credentials: () => ({ username: sb.user, apiKey: 'not-the-key' }) });
    expect(await failure(wrong.clients.list())).toMatchObject({ kind: 'unauthorized', status: 401, outcome: 'not_applied' });
    for (const state of ['inactive', 'deleted'] as const) {
      sb.setKeyState(state);
      try {
        expect(await failure(api.clients.list())).toMatchObject({ kind: 'unauthorized', status: 401 });
      } finally {
        sb.setKeyState('active');
      }
    }
    expect(await api.clients.list({ count: 1 })).toHaveLength(1);
  });

  it('forbidden: a blacklisted IP', async () => {
    sb.setBlacklisted(true);
    try {
      const e = await failure(api.clients.list());
      expect(e).toMatchObject({ kind: 'forbidden', status: 403, messageKey: 'api.forbidden' });
      expect(e.serverMessage).toMatch(/blacklisted/);
    } finally {
      sb.setBlacklisted(false);
    }
  });

  it('not found, method not allowed, not acceptable', async () => {
    expect(await failure(api.products.get(999_999))).toMatchObject({ kind: 'not_found', status: 404 });
    const t = api.transport;
    expect(await failure(t.request({ operation: 'raw', method: 'POST', path: '/clients/1', body: {} }, () => 0))).toMatchObject({
      kind: 'method_not_allowed',
      status: 405,
    });
    expect(await failure(t.request({ operation: 'raw', method: 'GET', path: '/clients', accept: 'text/csv' }, () => 0))).toMatchObject({
      kind: 'not_acceptable',
      status: 406,
    });
  });

  it('server errors: reads try again, then give up; writes do not try again', async () => {
    sb.setFaults({ serverErrorRate: 1 });
    const before = sb.requests().length;
    expect(await failure(apiFor(sb, { readAttempts: 3 }).clients.list())).toMatchObject({ kind: 'server', status: 500 });
    expect(sb.requests().length - before).toBe(3);
    const mid = sb.requests().length;
    // a 500 to a write proves nothing: the outbox looks it up before it goes again
    expect(await failure(api.clients.create({ company: 'A' }))).toMatchObject({ kind: 'server', outcome: 'unknown' });
    expect(sb.requests().length - mid).toBe(1);
  });

  it('survives occasional faults on reads', async () => {
    sb.setFaults({ serverErrorRate: 0.15, resetRate: 0.15, truncateRate: 0.15, seed: 11, methods: ['GET'] });
    const a = apiFor(sb, { readAttempts: 6 });
    const all = [];
    for await (const c of a.clients.all({ pageSize: 4 })) all.push(c.clientnr);
    expect(all).toEqual([...sb.data.clients.ids()]);
    expect(sb.requestLog().some((r) => r.fault)).toBe(true);
  });

  it('resets, cut-off answers and dropped answers after the commit leave a create unknown, and it did happen', async () => {
    for (const fault of ['resetRate', 'truncateRate', 'dropAfterCommitRate'] as const) {
      sb.setFaults({ [fault]: 1, methods: ['POST'] });
      const company = `Fault ${fault}`;
      const e = await failure(api.clients.create({ company }));
      // a body cut off mid-way is a broken connection (Content-Length not met)
      expect([fault, e.kind, e.outcome]).toEqual([fault, 'network', 'unknown']);
      const made = sb.data.clients.find((c) => c.company === company);
      // a reset comes before the work; the other two after it
      expect([fault, Boolean(made)]).toEqual([fault, fault !== 'resetRate']);
      sb.clearFaults();
    }
  });

  it('a timeout after the commit leaves a send unknown', async () => {
    const clientnr = sb.data.clients.ids()[3]!;
    const draft = await api.quotations.saveOrSend({ clientnr, action: 'save', savename: 'Hangt na verzenden' });
    sb.setFaults({ hangAfterCommitRate: 1, methods: ['PUT'] });
    const e = await failure(apiFor(sb, { headersTimeoutMs: 300 }).quotations.send(draft, 'mail'));
    expect(e).toMatchObject({ kind: 'timeout', outcome: 'unknown', operation: 'quotations.send' });
    expect(sb.data.quotations.find((q) => q.savename === 'Hangt na verzenden')?.sent).toBeTruthy();
  });

  it('offline: refused connections, and back again', async () => {
    await sb.setNetwork(false);
    try {
      expect(await failure(api.quotations.saveOrSend({ clientnr: 1, action: 'save' }))).toMatchObject({ kind: 'offline', outcome: 'not_applied' });
      expect(await failure(api.clients.list())).toMatchObject({ kind: 'offline' });
    } finally {
      await sb.setNetwork(true);
    }
    expect(await api.clients.list({ count: 1 })).toHaveLength(1);
  });
});

describe('rate limiting against a low hourly limit', () => {
  let low: Sandbox;
  beforeAll(async () => {
    low = await startSandbox({ quiet: true, rateLimit: 8, now: () => NOW });
  });
  afterAll(() => low.close());

  it('holds back at the reserve, lets priority calls through, and never hammers past the limit', async () => {
    const a = apiFor(low, { rateLimit: { reserve: 3 }, maxWaitMs: 0 });
    for (let i = 0; i < 5; i++) await a.clients.list({ count: 1 });
    expect(a.budget).toMatchObject({ limit: 8, remaining: 3 });
    const sentBefore = low.requests().length;
    expect(await failure(a.clients.list({ count: 1 }))).toMatchObject({ kind: 'rate_limited', messageKey: 'api.rate_limited.reserve', outcome: 'not_applied' });
    expect(low.requests().length).toBe(sentBefore); // held back here, not sent
    for (let i = 0; i < 3; i++) await a.clients.list({ count: 1 }, { priority: true });
    expect(a.budget.remaining).toBe(0);
    expect(await failure(a.clients.list({ count: 1 }, { priority: true }))).toMatchObject({ kind: 'rate_limited' });
    expect(low.requests().length).toBe(sentBefore + 3);
  });

  it('reads the 403 over the limit with its Retry-After, and waits instead of hammering', async () => {
    const fresh = apiFor(low, { rateLimit: { reserve: 0 }, maxWaitMs: 1000 });
    const e = await failure(fresh.clients.list());
    expect(e).toMatchObject({ kind: 'rate_limited', status: 403, outcome: 'not_applied' });
    expect(e.retryAfterMs).toBeGreaterThan(60_000);
    expect(e.serverMessage).toMatch(/hourly limit of 8 requests/);
    const count = low.requests().length;
    expect(await failure(fresh.clients.list())).toMatchObject({ kind: 'rate_limited' });
    expect(low.requests().length).toBe(count);
    expect(fresh.budget.resetsAt).toBeGreaterThan(Date.now() + 60_000);

    low.resetRateLimit();
    const after = apiFor(low);
    expect(await after.clients.list({ count: 1 })).toHaveLength(1);
  });

  it('waits out a 429 from throttling and then reads', async () => {
    low.resetRateLimit();
    low.setThrottle(2);
    try {
      const a = apiFor(low, { maxWaitMs: 5000, readAttempts: 4 });
      const results = await Promise.all([1, 2, 3, 4].map(() => a.clients.list({ count: 1 })));
      expect(results.every((r) => r.length === 1)).toBe(true);
      expect(low.requests().some((r) => r.status === 429)).toBe(true);
    } finally {
      low.setThrottle(0);
    }
  });
});

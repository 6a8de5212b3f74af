// links.open and sending.credits through the dispatcher, against the real
// core (the demo sandbox over HTTP, SQLite on disk): the link check in the
// main process, and the print center credits the app learns from a 402.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHandlers } from '../../electron/bridge/handlers/links';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

describe('links.open', () => {
  it('in the web host, hands a checked https link back for the page to open', async () => {
    const url = 'https://sign.example.com/sign/0123456789abcdef01234567';
    expect(await t.ok('links.open', { url })).toEqual({ openIn: 'page', url });
  });

  it('refuses anything but a plain https link with a clear error, whatever the page decided', async () => {
    const cases: [string, RegExp][] = [
      ['http://sign.example.com/sign/abc', /Only https links/],
      ['javascript:alert(1)', /Only https links/],
      ['file:///etc/passwd', /Only https links/],
      ['https://user:pw@sign.example.com/', /user name or password/],
      [`https://sign.example.com/${'a'.repeat(3000)}`, /longer than 2048 characters/],
      ['https://sign.example.com/\nx', /not a web address/],
    ];
    for (const [url, message] of cases) {
      const r = await t.call('links.open', { url });
      expect(r, url).toMatchObject({ ok: false, error: { kind: 'validation', messageKey: expect.stringMatching(/^link\./) } });
      if (!r.ok) expect(r.error.message, url).toMatch(message);
    }
    // beyond any link at all: the contract refuses it before the handler
    expect(await t.call('links.open', { url: `https://x.example/${'a'.repeat(100_000)}` })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it('in Electron, opens a good link in the system browser and never a refused one', async () => {
    const opened: string[] = [];
    const h = linkHandlers(async (url) => void opened.push(url));
    expect(await h['links.open']({ url: 'https://sign.example.com/sign/abc' })).toEqual({ openIn: 'system' });
    await expect(h['links.open']({ url: 'http://sign.example.com/sign/abc' })).rejects.toThrow(/Only https links/);
    await expect(h['links.open']({ url: 'javascript:alert(1)' })).rejects.toThrow(/Only https links/);
    expect(opened).toEqual(['https://sign.example.com/sign/abc']);
  });
});

describe('the sent quotation read back', () => {
  async function draftFor(query: string): Promise<string> {
    const [client] = await t.ok('clients.search', { query });
    const q = await t.ok('quotations.create', { clientId: client!.id });
    await t.ok('lines.add', { quotationId: q.id, line: { amount: 3, price: 12.5, tax_rate: 9, description: 'Koffie' } });
    return q.id;
  }

  it('has its signing link as soon as the send went through, without a pull', async () => {
    const id = await draftFor('Lindeboom');
    await t.ok('quotations.send', { id, sendmethod: 'email' });
    const pullsBefore = t.core.sandbox!.requests().filter((r) => r.method === 'GET' && /\/quotations\/?(\?|$)/.test(r.url)).length;
    await t.core.sync.engine.pushNow();
    const view = await t.ok('quotations.get', { id });
    const onService = t.core.sandbox!.data.quotations.all().find((q) => q.id === view.serverId)!;
    expect(view.sign_url).toBe(onService.sign_url);
    expect(view.serviceTotal).toBe(onService.totalintax);
    expect(view.datedue).toBe(onService.datedue);
    // read by its id, not by walking the list
    expect(t.core.sandbox!.requests().filter((r) => r.method === 'GET' && /\/quotations\/?(\?|$)/.test(r.url)).length).toBe(pullsBefore);
  });

  it('has it too when a saved draft is sent (the send gives it a new id)', async () => {
    const id = await draftFor('Lindeboom');
    await t.ok('quotations.saveToService', { id });
    await t.core.sync.engine.pushNow();
    const draftId = (await t.ok('quotations.get', { id })).serverId;
    await t.ok('quotations.send', { id, sendmethod: 'mail' });
    await t.core.sync.engine.pushNow();
    const view = await t.ok('quotations.get', { id });
    expect(view.serverId).not.toBe(draftId);
    const onService = t.core.sandbox!.data.quotations.all().find((q) => q.id === view.serverId)!;
    expect(view.sign_url).toBe(onService.sign_url);
    expect(view.sign_url).toMatch(/\/sign\/[0-9a-f]{24}$/);
  });

  it('is sent once even when it cannot be read back; the link then comes with the next pull', async () => {
    const id = await draftFor('Lindeboom');
    await t.ok('quotations.send', { id, sendmethod: 'email' });
    t.core.sandbox!.setFaults({ serverErrorRate: 1, methods: ['GET'] });
    try {
      await t.core.sync.engine.pushNow();
    } finally {
      t.core.sandbox!.clearFaults();
    }
    const view = await t.ok('quotations.get', { id });
    expect(view).toMatchObject({ sent: true, sign_url: null, serverId: expect.any(Number) });
    expect(t.core.space.store.outbox.forTarget(id)).toEqual([]);
    expect(t.core.sandbox!.deliveries().filter((d) => d.quotationId === view.serverId)).toHaveLength(1);
    await pullAll(t.core);
    expect((await t.ok('quotations.get', { id })).sign_url).toMatch(/\/sign\/[0-9a-f]{24}$/);
  });
});

describe('sending.credits', () => {
  it('knows of no refusal at first, remembers the 402 of a print center send, and forgets it once one goes through', async () => {
    const sandbox = t.core.sandbox!;
    expect(await t.ok('sending.credits', {})).toEqual({ refusedAt: null });

    const [client] = await t.ok('clients.search', { query: 'Lindeboom' });
    const q = await t.ok('quotations.create', { clientId: client!.id });
    await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, price: 100, tax_rate: 21, description: 'Ontwerp' } });
    sandbox.setCredits(0);
    await t.ok('quotations.send', { id: q.id, sendmethod: 'printcenter' });
    await t.core.sync.engine.pushNow();
    const parked = await t.ok('outbox.parked', {});
    const refused = parked.find((p) => p.entityId === q.id);
    expect(refused?.reason.kind).toBe('credits');
    const { refusedAt } = await t.ok('sending.credits', {});
    expect(refusedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Math.abs(Date.parse(refusedAt!) - Date.now())).toBeLessThan(60_000);
    expect(sandbox.deliveries().filter((d) => d.sendmethod === 'printcenter')).toEqual([]);

    // kept with the account: the same database opened again still knows
    expect(t.core.space.store.keyValues.get('sending.printcenterRefusedAt')).toBe(Date.parse(refusedAt!));

    sandbox.setCredits(3);
    await t.ok('outbox.retry', { id: refused!.id });
    await t.core.sync.engine.pushNow();
    expect(sandbox.deliveries().filter((d) => d.sendmethod === 'printcenter')).toHaveLength(1);
    expect(await t.ok('sending.credits', {})).toEqual({ refusedAt: null });
  });
});

// The desk against answers in the forms other services (and the networks in
// front of them) write, over real HTTP to the sandbox: a save or a create
// answered with the whole record or a Location is recorded once, never posted
// again; a login page in place of a write's answer is named, and the write is
// looked up before it goes again; a save answered unreadably is found by
// its savename; answers that cannot be read (the look-up's too) are tried a
// few times and then parked with the reason, while entries that do not depend on
// them go on; Latin-1 and wrapped lists are pulled as they are meant.
import { describe, expect, it } from 'vitest';
import { rig, drain, draft, type Rig } from './helpers';

const postsTo = (r: Rig, path: string) => r.sb.requestLog().filter((x) => x.method === 'POST' && x.url === `/api/v1${path}`);

describe('a new id in the whole record or a Location', () => {
  it('records a save answered 200 with the whole record, once', async () => {
    const r = await rig();
    await r.engine.pull();
    const id = draft(r, 'heel');
    r.sb.addFault({ method: 'POST', path: '/quotations', times: Infinity, effect: { kind: 'answer', form: 'record' } });
    await drain(r);
    const q = r.store.quotations.get(id);
    expect(q.serverId).toBeGreaterThan(0);
    expect(r.sb.data.quotations.get(q.serverId!)).toMatchObject({ savename: q.savename, notes: 'heel' });
    expect(postsTo(r, '/quotations')).toHaveLength(1);
    expect(r.store.outbox.list().filter((e) => e.state !== 'done')).toEqual([]);
  });

  it('records a create answered with the bare record, and one answered with a Location', async () => {
    const r = await rig();
    await r.engine.pull();
    r.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'bare_record' } });
    r.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'location' } });
    const a = r.store.clients.create({ company: 'Kaal record BV', email: 'kaal@example.nl' });
    const b = r.store.clients.create({ company: 'Locatie BV', email: 'locatie@example.nl' });
    await drain(r);
    for (const [local, company] of [
      [a, 'Kaal record BV'],
      [b, 'Locatie BV'],
    ] as const) {
      const onService = r.sb.data.clients.all().filter((c) => c.company === company);
      expect(onService).toHaveLength(1);
      expect(r.store.clients.get(local.id).clientnr).toBe(onService[0]!.clientnr);
    }
    expect(postsTo(r, '/clients')).toHaveLength(2);
  });
});

describe("a network's login page in place of a write's answer", () => {
  it('names it, takes the line as down, and looks the write up before it goes again', async () => {
    const r = await rig();
    await r.engine.pull();
    const local = r.store.clients.create({ company: 'Portaal BV', email: 'portaal@example.nl' });
    // every request meets the hotel's page until the person signs in
    const remove = r.sb.addFault({ times: Infinity, effect: { kind: 'login_page' } });
    await r.engine.flush();
    const entry = r.store.outbox.list().find((e) => e.kind === 'client.create')!;
    expect(entry).toMatchObject({ state: 'unknown_outcome', lastError: { messageKey: 'api.login_page' } });
    expect(entry.attempts).toBe(0);
    expect(r.engine.online).toBe(false);
    // while the page stands, probes meet it too: nothing is sent again, nothing counts
    await drain(r, 5);
    expect(r.store.outbox.get(entry.id)).toMatchObject({ state: 'unknown_outcome', attempts: 0 });
    expect(postsTo(r, '/clients')).toHaveLength(1);

    remove();
    await drain(r);
    const after = r.sb.requestLog().filter((x) => x.fault === undefined);
    const search = after.findIndex((x) => x.url.startsWith('/api/v1/search/clients/'));
    const post = after.findIndex((x) => x.method === 'POST');
    expect(search).toBeGreaterThanOrEqual(0);
    expect(search).toBeLessThan(post);
    expect(r.sb.data.clients.all().filter((c) => c.company === 'Portaal BV')).toHaveLength(1);
    expect(r.store.clients.get(local.id).clientnr).toBeGreaterThan(0);
    expect(r.engine.online).toBe(true);
  });

  it('finds a write a gateway carried out before answering its page, and sends nothing again', async () => {
    const r = await rig();
    await r.engine.pull();
    const local = r.store.clients.create({ company: 'Toch gedaan BV', email: 'toch@example.nl' });
    r.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'login_page', applied: true } });
    await drain(r);
    expect(postsTo(r, '/clients')).toHaveLength(1);
    const onService = r.sb.data.clients.all().filter((c) => c.company === 'Toch gedaan BV');
    expect(onService).toHaveLength(1);
    expect(r.store.clients.get(local.id).clientnr).toBe(onService[0]!.clientnr);
  });
});

describe('answers that cannot be read', () => {
  it('a save answered so is looked up by its savename, found and recorded: never posted again', async () => {
    const r = await rig();
    await r.engine.pull();
    const bad = draft(r, 'onleesbaar');
    r.sb.addFault({ method: 'POST', path: '/quotations', times: Infinity, effect: { kind: 'answer', form: 'record_without_id' } });
    await drain(r);
    expect(r.store.outbox.list().filter((e) => e.target === bad)).toEqual([]);
    expect(postsTo(r, '/quotations')).toHaveLength(1);
    const savename = r.store.quotations.get(bad).savename;
    const held = r.sb.data.quotations.all().filter((q) => q.savename === savename);
    expect(held).toHaveLength(1);
    expect(r.store.quotations.get(bad)).toMatchObject({ serverId: held[0]!.id, state: 'synced' });
  });

  it('are tried 5 times with pauses, then parked with the reason; a send queued behind another record goes', async () => {
    const r = await rig();
    await r.engine.pull();
    // a draft on the service already, to be sent by PUT after the bad save is queued
    const other = draft(r, 'ander');
    await drain(r);
    const bad = draft(r, 'onleesbaar');
    // every save is carried out and answered with the whole record, its id left out; and the
    // list the save is looked up in answers the same way, so the look-up never finds it
    r.sb.addFault({ method: 'POST', path: '/quotations', times: Infinity, effect: { kind: 'answer', form: 'record_without_id' } });
    r.sb.addFault({ method: 'GET', path: '/quotations', times: Infinity, effect: { kind: 'answer', form: 'text_plain' } });
    r.store.quotations.send(other, 'email');
    const started = r.clock();
    await drain(r);

    const entry = r.store.outbox.list().find((e) => e.target === bad)!;
    expect(entry).toMatchObject({
      kind: 'quotation.save',
      state: 'parked',
      lastError: { messageKey: 'parked.unreadable', lookUpFirst: true, params: { attempts: 5 } },
    });
    expect(entry.lastError!.message).toMatch(/cannot read \(5 tries, the last: /);
    // the first save went, and then only look-ups: nothing was posted on a guess
    expect(postsTo(r, '/quotations').filter((x) => x.fault === 'answer')).toHaveLength(1);
    // with pauses between, growing: 1 s doubling, jittered (the rig's draw is the middle)
    expect(r.clock() - started).toBeGreaterThanOrEqual(1000 * 0.5 * (1 + 2 + 4 + 8));
    const savename = r.store.quotations.get(bad).savename;
    expect(r.sb.data.quotations.all().filter((q) => q.savename === savename)).toHaveLength(1);

    // the send queued behind it went, once
    const sent = r.store.quotations.get(other);
    expect(sent).toMatchObject({ sent: true, state: 'synced' });
    expect(r.sb.deliveries().filter((d) => d.quotationreference === sent.quotationreference)).toHaveLength(1);
  });
});

describe('pulled answers', () => {
  it('stores Latin-1 as it was meant: Crème brûlée', async () => {
    const r = await rig();
    const id = r.sb.data.products.all()[0]!.id;
    r.sb.data.products.patch(id, { name: 'Crème brûlée' });
    r.sb.addFault({ method: 'GET', path: '/products', times: Infinity, effect: { kind: 'answer', form: 'latin1' } });
    await r.engine.pull();
    expect(r.store.products.list({ limit: 1000 }).find((p) => p.productId === id)?.fields.name).toBe('Crème brûlée');
  });

  it('reads lists wrapped under their names', async () => {
    const r = await rig();
    r.sb.addFault({ method: 'GET', path: /^\/(clients|products|quotations)$/, times: Infinity, effect: { kind: 'answer', form: 'wrapped' } });
    const summary = await r.engine.pull();
    expect(summary).toBeTruthy();
    expect(r.store.clients.list({ limit: 1000 })).toHaveLength(r.sb.data.clients.all().length);
    expect(r.store.products.list({ limit: 1000 })).toHaveLength(r.sb.data.products.all().length);
  });
});

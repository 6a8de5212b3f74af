// The spec's fields the editors now offer, through the outbox to the real
// sandbox over HTTP and back: a quotation's convert_prices_to_euro, a
// line's tax_country (input only: the service keeps it and never returns
// it) and a client's default_category. Each is saved, sent, kept through a
// pull, and merged field by field with a change made on the service.
import { describe, expect, it } from 'vitest';
import { rig, type Rig } from './helpers';

const LINES = [
  { description: 'Training day', amount: 1, price: 680, tax_rate: 20, tax_country: true },
  { description: 'Travel', amount: 2, price: 45, tax_rate: 0 },
];

async function pulled(): Promise<Rig> {
  const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
  await r.engine.pull();
  return r;
}

/** A draft for a pulled client, with the flag and a foreign-tax line, saved on the service. */
async function savedDraft(r: Rig) {
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id, convert_prices_to_euro: true, notes: 'basis' });
  for (const l of LINES) r.store.quotations.addLine(q.id, l);
  await r.engine.flush();
  const serverId = r.store.quotations.get(q.id).serverId!;
  expect(serverId).toBeGreaterThan(0);
  return { q, serverId };
}

const serviceLines = (r: Rig, serverId: number) => r.sb.data.quotations.get(serverId)!.lines.map((l) => ('tax_country' in l ? l.tax_country : false));
const localFlags = (r: Rig, id: string) => r.store.quotations.get(id).content.lines.map((l) => l.tax_country === true);
const posts = (r: Rig) => r.sb.requestLog().filter((x) => x.method === 'POST').length;

describe("a quotation's convert_prices_to_euro and a line's tax_country", () => {
  it('are saved on the service, which returns the flag and never the foreign tax', async () => {
    const r = await pulled();
    const { q, serverId } = await savedDraft(r);
    const rec = r.sb.data.quotations.get(serverId)!;
    expect(rec.convert_prices_to_euro).toBe(true);
    expect(serviceLines(r, serverId)).toEqual([true, false]);
    // as the service writes it: every scalar a string, tax_country left out
    const wire = r.sb.data.quotations.json(serverId)!;
    expect(wire).toContain('"convert_prices_to_euro":"true"');
    expect(wire).not.toContain('tax_country');
    const read = await r.api.quotations.get(serverId);
    expect(read.convert_prices_to_euro).toBe(true);
    expect(read.lines!.every((l) => l.tax_country === undefined)).toBe(true);
    expect(r.store.quotations.get(q.id).state).toBe('synced');
  });

  it('are kept here through a pull', async () => {
    const r = await pulled();
    const { q } = await savedDraft(r);
    await r.engine.pull();
    expect(r.store.quotations.get(q.id).content).toMatchObject({ convert_prices_to_euro: true });
    expect(localFlags(r, q.id)).toEqual([true, false]);
  });

  it('are kept through a pull that brings a change made on the service, and go out again with the next save', async () => {
    const r = await pulled();
    const { q, serverId } = await savedDraft(r);
    // another desk changes the draft on the service; nothing waits here
    r.sb.data.quotations.patch(serverId, { notes: 'changed there' });
    await r.engine.pull();
    const local = r.store.quotations.get(q.id);
    expect(local.content).toMatchObject({ notes: 'changed there', convert_prices_to_euro: true });
    expect(localFlags(r, q.id)).toEqual([true, false]);
    // the next save from here does not take the foreign tax away on the service
    r.store.quotations.updateHeader(q.id, { paymentcondition: 'Within 14 days' });
    await r.engine.flush();
    expect(r.sb.data.quotations.get(serverId)).toMatchObject({ notes: 'changed there', paymentcondition: 'Within 14 days' });
    expect(serviceLines(r, serverId)).toEqual([true, false]);
  });

  it('merge field by field with changes made on the service while this draft changed too', async () => {
    const r = await pulled();
    const { q, serverId } = await savedDraft(r);
    // here: the travel line's price; there: the notes and the first line's price
    const travel = r.store.quotations.get(q.id).content.lines[1]!.id;
    r.store.quotations.updateLine(q.id, travel, { price: 50 });
    const there = r.sb.data.quotations.get(serverId)!;
    r.sb.data.quotations.patch(serverId, { notes: 'changed there', lines: [{ ...there.lines[0]!, price: 700 } as never, there.lines[1]!] });
    const before = posts(r);
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(posts(r) - before).toBe(1);
    const merged = r.sb.data.quotations.get(serverId)!;
    expect(merged).toMatchObject({ notes: 'changed there', convert_prices_to_euro: true });
    expect(merged.lines.map((l) => ('price' in l ? l.price : null))).toEqual([700, 50]);
    expect(serviceLines(r, serverId)).toEqual([true, false]);
    expect(localFlags(r, q.id)).toEqual([true, false]);
  });

  it('takes the flag turned off on the service, and keeps this side turning it off in a merge', async () => {
    const r = await pulled();
    const { q, serverId } = await savedDraft(r);
    r.store.quotations.updateHeader(q.id, { notes: 'mine' });
    r.sb.data.quotations.patch(serverId, { convert_prices_to_euro: false });
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(r.sb.data.quotations.get(serverId)).toMatchObject({ notes: 'mine', convert_prices_to_euro: false });
    expect(r.store.quotations.get(q.id).content.convert_prices_to_euro).toBe(false);

    r.store.quotations.updateHeader(q.id, { convert_prices_to_euro: true });
    r.sb.data.quotations.patch(serverId, { paymentcondition: 'there' });
    await r.engine.flush();
    expect(r.sb.data.quotations.get(serverId)).toMatchObject({ paymentcondition: 'there', convert_prices_to_euro: true });
  });

  it('go out with a send, and the sent quotation read back still shows the foreign tax', async () => {
    const r = await pulled();
    const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
    const q = r.store.quotations.create({ clientId: client.id, convert_prices_to_euro: true });
    for (const l of LINES) r.store.quotations.addLine(q.id, l);
    r.store.quotations.send(q.id, 'email');
    await r.engine.flush();
    const sent = r.store.quotations.get(q.id);
    expect(sent.sent).toBe(true);
    expect(r.sb.deliveries()).toHaveLength(1);
    expect(r.sb.data.quotations.get(sent.serverId!)).toMatchObject({ sent: true, convert_prices_to_euro: true });
    expect(serviceLines(r, sent.serverId!)).toEqual([true, false]);
    await r.engine.pull();
    expect(localFlags(r, q.id)).toEqual([true, false]);
    expect(r.store.quotations.get(q.id).content.convert_prices_to_euro).toBe(true);
  });

  it('a save whose answer is lost goes again as one quotation, foreign tax and all', async () => {
    const r = await pulled();
    const client = r.store.clients.list()[0]!;
    const q = r.store.quotations.create({ clientId: client.id, convert_prices_to_euro: true });
    for (const l of LINES) r.store.quotations.addLine(q.id, l);
    r.sb.setFaults({ dropAfterCommitRate: 1, methods: ['POST'] });
    await r.engine.flush();
    r.sb.clearFaults();
    for (let i = 0; i < 5 && r.store.outbox.pendingCount() > 0; i++) {
      r.clock.advance(120_000);
      await r.engine.flush();
    }
    expect(r.store.outbox.pendingCount()).toBe(0);
    const mine = r.sb.data.quotations.all().filter((x) => x.savename === r.store.quotations.get(q.id).savename);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.convert_prices_to_euro).toBe(true);
    expect(serviceLines(r, mine[0]!.id)).toEqual([true, false]);
  });
});

describe("a client's default_category", () => {
  it('is saved, kept through a pull, and merged with other changes made on the service', async () => {
    const r = await pulled();
    const c = r.store.clients.list()[0]!;
    r.store.clients.update(c.id, { default_category: 3 });
    await r.engine.flush();
    expect(r.sb.data.clients.get(c.clientnr!)!.default_category).toBe(3);
    await r.engine.pull();
    expect(r.store.clients.get(c.id).fields.default_category).toBe(3);

    // there: the phone; here: the category back to none (0, as the service writes it)
    r.sb.data.clients.patch(c.clientnr!, { phone: '0999' });
    r.store.clients.update(c.id, { default_category: 0 });
    await r.engine.flush();
    expect(r.sb.data.clients.get(c.clientnr!)).toMatchObject({ phone: '0999', default_category: 0 });

    // there: the category; here: the city
    r.sb.data.clients.patch(c.clientnr!, { default_category: 2 });
    r.store.clients.update(c.id, { city: 'Bristol' });
    await r.engine.flush();
    expect(r.sb.data.clients.get(c.clientnr!)).toMatchObject({ city: 'Bristol', default_category: 2 });
    expect(r.store.clients.get(c.id).fields).toMatchObject({ city: 'Bristol', default_category: 2 });
  });

  it('is a conflict when both sides chose another one, and a category the service does not know is parked beside its field', async () => {
    const r = await pulled();
    const c = r.store.clients.list()[0]!;
    r.store.clients.update(c.id, { default_category: 3 });
    r.sb.data.clients.patch(c.clientnr!, { default_category: 4 });
    await r.engine.flush();
    const [conflict] = r.store.conflicts.open();
    expect(conflict).toMatchObject({ kind: 'fields', fields: ['default_category'], targetKind: 'client' });
    r.store.conflicts.resolve(conflict!.id, 'keep_mine');
    await r.engine.flush();
    expect(r.sb.data.clients.get(c.clientnr!)!.default_category).toBe(3);

    r.store.clients.update(c.id, { default_category: 99 });
    await r.engine.flush();
    const parked = r.store.outbox.list().find((e) => e.target === c.id)!;
    expect(parked.state).toBe('parked');
    expect(parked.lastError?.fieldErrors?.map((e) => e.field)).toEqual(['default_category']);
    expect(r.sb.data.clients.get(c.clientnr!)!.default_category).toBe(3);
  });
});

// Pulls from a service that holds records its own rules would refuse today:
// zero dates, nulls, a phone number longer than the spec lets us send, a
// number field holding "abc", a record without a number that can be read.
// Every list is read, the odd record is stored (or set aside and named when
// it cannot be), nothing local is lost, and nothing kept raw is ever sent
// back (docs/wire-format.md, Reading leniently).
import { describe, expect, it } from 'vitest';
import type { Client } from '../../shared/schemas';
import type { PullSummary } from '../../shared/sync';
import { rig, type Rig } from './helpers';

const SIZES = { clients: 20, products: 6, quotations: 6 };

function serverOf(r: Rig, clientnr: number): Client {
  return JSON.parse(r.store.clients.rowByClientnr(clientnr)!.server!) as Client;
}

/** Every record the service holds is here, besides those named as set aside. */
function expectEverything(r: Rig, setAside: { clients?: number[]; quotations?: number[] } = {}): void {
  const clients = r.sb.data.clients.ids().filter((n) => !setAside.clients?.includes(n));
  expect(clients.filter((n) => r.store.clients.byClientnr(n) === null)).toEqual([]);
  expect(r.sb.data.products.ids().filter((id) => r.store.pulled.product(id) === null)).toEqual([]);
  const quotations = r.sb.data.quotations.ids().filter((id) => !setAside.quotations?.includes(id));
  expect(quotations.filter((id) => r.store.quotations.byServerId(id) === null)).toEqual([]);
}

function readEverything(summary: PullSummary): void {
  expect(summary).toMatchObject(SIZES);
  expect(summary.failed).toBeUndefined();
  expect(summary.incomplete).toBeUndefined();
}

describe('a pull reads what the service holds as it is', () => {
  it('zero dates are no dates', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    const [a, b] = r.sb.data.clients.ids();
    r.sb.data.clients.setRaw(a!, { mandate_date: '0000-00-00', lastinvoice: '0000-00-00' });
    r.sb.data.clients.setRaw(b!, { mandate_date: '0000-00-00 00:00:00', lastinvoice: '2025-03-04 12:00:00' });
    const summary = await r.engine.pull();
    readEverything(summary);
    expect(summary.partlyRead).toBeUndefined();
    expect(serverOf(r, a!)).toMatchObject({ mandate_date: null, lastinvoice: null });
    expect(serverOf(r, b!)).toMatchObject({ mandate_date: null, lastinvoice: '2025-03-04' });
    expectEverything(r);
  });

  it('null in showcontact, top, stddiscount, country or default_category is an absent value', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    const n = r.sb.data.clients.ids()[4]!;
    r.sb.data.clients.setRaw(n, { showcontact: null, top: null, stddiscount: null, country: null, default_category: null });
    const summary = await r.engine.pull();
    readEverything(summary);
    const held = serverOf(r, n);
    for (const f of ['showcontact', 'top', 'stddiscount', 'country', 'default_category'] as const) expect(held[f], f).toBeUndefined();
    expect(held.company).toBe(r.sb.data.clients.get(n)!.company);
    expect(held.unread).toBeUndefined();
    expectEverything(r);
  });

  it('a 19-character phone number is kept; an edit of another field sends that field alone', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    const n = r.sb.data.clients.ids()[2]!;
    const phone = '+31 (0)20 123 45 67';
    expect(phone).toHaveLength(19);
    r.sb.data.clients.patch(n, { phone });
    readEverything(await r.engine.pull());
    const local = r.store.clients.byClientnr(n)!;
    expect(local.fields.phone).toBe(phone);

    r.store.clients.update(local.id, { city: 'Zwolle' });
    const pushed = await r.engine.flush();
    expect(pushed).toMatchObject({ done: 1, parked: 0 });
    expect(r.sb.data.clients.get(n)).toMatchObject({ city: 'Zwolle', phone });
    expect(r.store.clients.get(local.id).state).toBe('synced');

    // the phone itself, changed here, is checked as ever
    r.store.clients.update(local.id, { phone: `${phone}0` });
    expect((await r.engine.flush()).parked).toBe(1);
    expect(r.store.outbox.list()[0]!.lastError?.fieldErrors).toEqual([{ field: 'phone', message: 'at most 13 characters' }]);
    expect(r.sb.data.clients.get(n)!.phone).toBe(phone);
  });

  it('"abc" in a number field is kept raw beside the record, named in the summary, and never sent back', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    const n = r.sb.data.clients.ids()[6]!;
    r.sb.data.clients.setRaw(n, { top: 'abc', stddiscount: '5,5' });
    const productId = r.sb.data.products.ids()[1]!;
    r.sb.data.products.setRaw(productId, { price: 'n/a' });
    const summary = await r.engine.pull();
    readEverything(summary);
    expect(summary.setAside).toBeUndefined();
    expect(summary.partlyRead).toEqual({
      count: 2,
      lists: { clients: 1, products: 1, quotations: 0 },
      examples: [
        { list: 'clients', key: String(n), row: 6, reason: 'top, stddiscount' },
        { list: 'products', key: String(productId), row: 1, reason: 'price' },
      ],
    });
    const held = serverOf(r, n);
    expect(held.top).toBeUndefined();
    expect(held.unread).toEqual({ top: 'abc', stddiscount: '5,5' });
    expect(r.store.pulled.product(productId)).toMatchObject({ id: productId, unread: { price: 'n/a' } });
    expect(r.store.pulled.product(productId)!.price).toBeUndefined();
    expectEverything(r);

    // an edit sends what the person changed, not the values the service holds and we could not read
    const local = r.store.clients.byClientnr(n)!;
    r.store.clients.update(local.id, { email: 'nieuw@example.nl' });
    expect(await r.engine.flush()).toMatchObject({ done: 1, parked: 0 });
    expect(r.sb.data.clients.get(n)!.email).toBe('nieuw@example.nl');
    expect(r.sb.data.clients.rawOf(n)).toEqual({ top: 'abc', stddiscount: '5,5' });

    // a later pull names it again: a page with odd records is read, not recognised
    const again = await r.engine.pull();
    expect(again.partlyRead?.count).toBe(2);
    expect(serverOf(r, n)).toMatchObject({ email: 'nieuw@example.nl', unread: { top: 'abc', stddiscount: '5,5' } });
  });

  it('a record without a number that can be read is set aside and named; the rest of its page and the other lists are read, and nothing is swept', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    readEverything(await r.engine.pull());
    const ids = r.sb.data.clients.ids();
    const odd = ids[3]!;
    r.sb.data.clients.setRaw(odd, { clientnr: 'abc' });
    // gone from the service meanwhile: a list with a record set aside cannot tell it gone
    const gone = ids.at(-1)!;
    r.sb.data.clients.delete(gone);
    const changed = ids[10]!;
    r.sb.data.clients.patch(changed, { city: 'Read anyway' });
    const q = r.sb.data.quotations.ids()[2]!;
    r.sb.data.quotations.setRaw(q, { clientnr: 'none' });
    const productId = r.sb.data.products.ids()[0]!;
    r.sb.data.products.patch(productId, { name: 'Read as well' });

    const summary = await r.engine.pull();
    expect(summary.failed).toBeUndefined();
    expect(summary.setAside).toEqual({
      count: 2,
      lists: { clients: 1, products: 0, quotations: 1 },
      examples: [
        { list: 'clients', key: 'abc', row: 3, reason: 'clientnr: must be a whole number' },
        { list: 'quotations', key: String(q), row: 2, reason: 'clientnr: must be a whole number' },
      ],
    });
    // the clients list cannot tell what is gone; the quotation set aside has its id, so its list can
    expect(summary.incomplete).toEqual(['clients']);
    expect(summary).toMatchObject({ clients: SIZES.clients - 2, products: SIZES.products, quotations: SIZES.quotations - 1, removed: 0 });
    expect(r.store.clients.byClientnr(changed)!.fields.city).toBe('Read anyway');
    expect(r.store.pulled.product(productId)!.name).toBe('Read as well');
    // nothing local is lost: the record set aside keeps what was read before, the one gone is not swept
    expect(r.store.clients.byClientnr(odd)).not.toBeNull();
    expect(r.store.clients.byClientnr(gone)).not.toBeNull();
    expect(r.store.quotations.byServerId(q)).not.toBeNull();
    expectEverything(r, { clients: [odd], quotations: [q] });

    // once the service answers it readably, it is read and the list swept as ever
    r.sb.data.clients.setRaw(odd, { clientnr: undefined });
    r.sb.data.quotations.setRaw(q, { clientnr: undefined });
    const later = await r.engine.pull();
    expect(later.setAside).toBeUndefined();
    expect(later.incomplete).toBeUndefined();
    expect(later.removed).toBe(1);
    expect(r.store.clients.byClientnr(gone)).toBeNull();
  });

  it('an entry of a list that is not a record at all is set aside; the records beside it are stored', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    readEverything(await r.engine.pull());
    r.sb.addFault({
      method: 'GET',
      path: '/products',
      effect: { kind: 'body', body: JSON.stringify([{ id: '900', name: 'Stoel', price: '49.95', taxes: '21' }, 'not a product', null]) },
    });
    const summary = await r.engine.pull();
    expect(summary.setAside).toMatchObject({
      count: 2,
      lists: { clients: 0, products: 2, quotations: 0 },
      examples: [
        { list: 'products', key: null, row: 1, reason: expect.stringMatching(/^not a record/) },
        { list: 'products', key: null, row: 2, reason: expect.stringMatching(/^not a record/) },
      ],
    });
    expect(summary.incomplete).toEqual(['products']);
    expect(r.store.pulled.product(900)).toMatchObject({ id: 900, name: 'Stoel', price: 49.95 });
    // what the desk held of the products stays
    expectEverything(r);
  });
});

describe('a list whose walk fails', () => {
  it('is named and kept as it was; the other lists are read', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    readEverything(await r.engine.pull());
    const gone = r.sb.data.products.ids().at(-1)!;
    r.sb.data.products.delete(gone);
    const n = r.sb.data.clients.ids()[0]!;
    r.sb.data.clients.patch(n, { city: 'Still read' });
    // an answer that is no list, once: not a hiccup of the network, so not tried again
    r.sb.addFault({ method: 'GET', path: '/products', effect: { kind: 'body', body: '{"message": "maintenance"}' } });
    const summary = await r.engine.pull();
    expect(summary.incomplete).toEqual(['products']);
    expect(summary.failed).toEqual([{ list: 'products', error: expect.objectContaining({ kind: 'bad_response', operation: 'products.list' }) }]);
    expect(r.store.pulled.product(gone)).not.toBeNull();
    expect(r.store.clients.byClientnr(n)!.fields.city).toBe('Still read');
    expect(summary.quotations).toBe(SIZES.quotations);
  });

  it('when every list fails, the pull fails', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    readEverything(await r.engine.pull());
    r.sb.addFault({ method: 'GET', path: /^\/(clients|products|quotations)$/, times: Infinity, effect: { kind: 'error', status: 500, applied: false } });
    await expect(r.engine.pull()).rejects.toMatchObject({ kind: 'server' });
    expect(r.store.pulled.count('clients')).toBe(SIZES.clients);
  });
});

describe('a draft whose service version holds values this desk cannot read', () => {
  it('is not saved over them: the save waits for the person, naming the fields, and the service keeps its draft', async () => {
    const r = await rig({ sandbox: { ...SIZES, seed: 3 } });
    readEverything(await r.engine.pull());
    const client = r.store.clients.list()[0]!;
    const q = r.store.quotations.create({ clientId: client.id, notes: 'first' });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 10, tax_rate: 21 });
    await r.engine.flush();
    const serverId = r.store.quotations.get(q.id).serverId!;
    // changed on the service meanwhile into a value no reader of the spec can take
    r.sb.data.quotations.setRaw(serverId, { quotationperiod: 'a month' });
    r.store.quotations.updateHeader(q.id, { notes: 'edited here' });
    await r.engine.flush();
    const [parked] = r.store.outbox.parked();
    expect(parked).toMatchObject({ kind: 'quotation.save', lastError: { messageKey: 'parked.quotation.unread', params: { fields: 'quotationperiod' } } });
    // the service's draft is as it was
    expect(r.sb.data.quotations.get(serverId)!.notes).toBe('first');
    // and nothing of it was lost here either
    expect(r.store.quotations.get(q.id).content.notes).toBe('edited here');
  });
});

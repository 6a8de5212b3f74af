// The account's values of the fields the service fills in, learned through
// the real sandbox from the answers the desk reads anyway: a saved draft
// read back, a sent quotation read back. No request is made for them, and
// what is sent stays as typed: an empty field goes out empty.
import { describe, expect, it } from 'vitest';
import { quotationView } from '../../electron/bridge/to-views';
import { rig, type Rig } from './helpers';

const SERVICE_TERM = 'Betaling binnen 30 dagen na factuurdatum';

async function pulled(): Promise<Rig> {
  const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
  await r.engine.pull();
  return r;
}

function draftFor(r: Rig, header: Record<string, unknown> = {}) {
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id, ...header });
  r.store.quotations.addLine(q.id, { description: 'Schilderen kozijnen', amount: 1, price: 450, tax_rate: 21 });
  return q;
}

describe("learning the account's payment condition and period from the service's answers", () => {
  it('learns them from a saved draft read back, with no request of its own, and the draft stays empty', async () => {
    const r = await pulled();
    const q = draftFor(r);
    const before = r.sb.requestLog().length;
    await r.engine.flush();
    // the save and its read-back: nothing more
    expect(
      r.sb
        .requestLog()
        .slice(before)
        .map((x) => x.method),
    ).toEqual(['POST', 'GET']);
    expect(r.store.serviceDefaults.all()).toMatchObject({
      paymentcondition: { value: SERVICE_TERM, from: 'service' },
      quotationperiod: { value: 30, from: 'service' },
    });
    expect(r.store.quotations.get(q.id).content.paymentcondition).toBeUndefined();
    const v = quotationView(r.store, r.store.quotations.get(q.id));
    expect(v.paymentcondition).toBe('');
    expect(v.serviceFills.paymentcondition).toMatchObject({ value: SERVICE_TERM, from: 'service' });
  });

  it('learns them from a quotation sent at once, read back for its signing link', async () => {
    const r = await pulled();
    const q = draftFor(r);
    r.store.quotations.send(q.id, 'mail');
    await r.engine.flush();
    expect(r.store.quotations.get(q.id).sent).toBe(true);
    expect(r.store.serviceDefaults.all().paymentcondition).toMatchObject({ value: SERVICE_TERM, from: 'service' });
  });

  it('never sends what it learned: an empty field goes out empty and the service fills its own', async () => {
    const r = await pulled();
    draftFor(r);
    await r.engine.flush();
    expect(r.store.serviceDefaults.all().paymentcondition?.value).toBe(SERVICE_TERM);
    // the account's own condition changes on the service
    r.sb.data.account.paymentcondition = 'Betaling binnen 8 dagen';
    const q = draftFor(r);
    await r.engine.flush();
    const serverId = r.store.quotations.get(q.id).serverId!;
    expect(r.sb.data.quotations.get(serverId)!.paymentcondition).toBe('Betaling binnen 8 dagen');
    // and the desk follows what the service now answers
    expect(r.store.serviceDefaults.all().paymentcondition).toMatchObject({ value: 'Betaling binnen 8 dagen', from: 'service' });
  });

  it('learns nothing from a draft that carries its own condition and period', async () => {
    const r = await pulled();
    draftFor(r, { paymentcondition: 'Binnen 14 dagen', quotationperiod: 14 });
    await r.engine.flush();
    expect(r.store.serviceDefaults.all()).toEqual({});
  });
});

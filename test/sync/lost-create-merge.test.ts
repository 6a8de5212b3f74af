// A client made on one desk whose create's answer was lost, changed on the
// other desk (which read it from the service) and typed on here before the
// look-up: the look-up finds it, and the edit here is merged against what
// the create sent, not against the record found (which holds the other
// desk's change): a field changed on both desks is asked about, never
// overwritten.
import { describe, expect, it } from 'vitest';
import { drain, rig } from './helpers';

describe('a create whose answer was lost, changed on the other desk, typed on here', () => {
  it('asks about a field both desks changed, and keeps the other desk’s change on the service meanwhile', async () => {
    const laptop = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 } });
    const office = laptop.otherDesk();
    await laptop.engine.pull();
    const made = laptop.store.clients.create({ company: 'Schilders Verloren BV', email: 'verloren@example.nl', city: 'Utrecht' });
    laptop.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'error', status: 502, applied: true } });
    await laptop.engine.flush();
    expect(laptop.store.outbox.list()).toMatchObject([{ kind: 'client.create', state: 'unknown_outcome' }]);

    // the office reads it and changes the phone and the street
    await office.engine.pull();
    const there = office.store.clients.list({ limit: 100 }).find((c) => c.fields.company === 'Schilders Verloren BV')!;
    office.store.clients.update(there.id, { phone: '030-1111111', address: 'Oudegracht 1' });
    await drain(office);
    expect(office.store.outbox.list()).toEqual([]);

    // the laptop, offline still, changes the phone too, and the city
    laptop.store.clients.update(made.id, { phone: '06-22222222', city: 'Zeist' });
    await drain(laptop);

    const held = laptop.sb.data.clients.all().filter((c) => c.company === 'Schilders Verloren BV');
    expect(held).toHaveLength(1);
    // the phone changed on both desks: asked, the office's kept on the service meanwhile
    expect(laptop.store.conflicts.open().map((c) => c.fields)).toEqual([['phone']]);
    expect(held[0]).toMatchObject({ phone: '030-1111111', address: 'Oudegracht 1' });
    // what only one desk changed went through: the office's street is here, the laptop's city there
    expect(laptop.store.clients.get(made.id).fields).toMatchObject({ address: 'Oudegracht 1', phone: '06-22222222' });
  });
});

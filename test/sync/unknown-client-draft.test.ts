// A draft read from the service whose client this desk does not know yet
// (made on another desk since this one last read the clients, and the
// quotations read first). Edited here, it keeps its client: the save sends
// the service's client, and the draft shows the client once it is read. It
// never asks the person to choose a client the draft already has.
import { describe, expect, it } from 'vitest';
import { quotationRecord } from '../../shared/schemas';
import { drain, rig } from './helpers';

describe('a pulled draft whose client is not on this computer yet', () => {
  it('is saved with its client when edited, and shows the client once the clients are read', async () => {
    const a = await rig({ sandbox: { clients: 2, products: 0, quotations: 0 } });
    const b = a.otherDesk();
    await b.engine.pull();
    // desk A makes a client and a draft for it
    await a.engine.pull();
    const client = a.store.clients.create({ company: 'Schilders Nieuw BV', email: 'nieuw@example.nl' });
    const q = a.store.quotations.create({ clientId: client.id, notes: 'van A' });
    a.store.quotations.addLine(q.id, { description: 'Kozijnen', amount: 1, price: 100, tax_rate: 21 });
    await drain(a);
    const there = a.sb.data.quotations.all().find((x) => x.savename === a.store.quotations.get(q.id).savename)!;
    const clientnr = there.clientnr;

    // desk B reads the quotations (not the clients): the draft's client is unknown here
    b.store.pulled.putQuotations([quotationRecord.parse(JSON.parse(JSON.stringify(there)))], b.clock());
    const mine = b.store.quotations.list({ limit: 100 }).find((x) => x.savename === there.savename)!;
    expect(b.store.clients.list().some((c) => c.clientnr === clientnr)).toBe(false);
    b.store.quotations.updateHeader(mine.id, { paymentcondition: 'Binnen 14 dagen' });
    expect(b.store.quotations.errors(mine.id, 'save')).toEqual([]);

    await drain(b);
    expect(b.store.outbox.parked()).toEqual([]);
    expect(b.sb.data.quotations.get(there.id)).toMatchObject({ clientnr, paymentcondition: 'Binnen 14 dagen', notes: 'van A' });
    // the draft shows its client here now
    const client_ = b.store.clients.list().find((c) => c.clientnr === clientnr);
    expect(client_?.fields.company).toBe('Schilders Nieuw BV');
    expect(b.store.quotations.get(mine.id).content.clientId).toBe(client_!.id);
  });
});

// A draft save whose answer was lost, and another desk's edit of that draft
// before the save goes again. The repeat never overwrites what it has not
// seen: it looks the draft up, and merges with it against what the lost
// attempt sent, as any save merges against its base (docs/conflicts.md).
import { describe, expect, it } from 'vitest';
import { drain, draft, rig, type Rig } from './helpers';

const NOTE = 'Notitie van A: sleutel bij buren';

/** Desk B saves a new draft; the service stores it, a gateway answers 502. The draft's local id and savename. */
async function lostFirstSave(b: Rig): Promise<{ id: string; savename: string }> {
  await b.engine.pull();
  const id = draft(b, 'van B');
  b.store.quotations.updateHeader(id, { paymentcondition: 'Binnen 14 dagen' });
  b.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 502, applied: true } });
  await b.engine.flush();
  expect(b.store.outbox.list()).toMatchObject([{ kind: 'quotation.save', state: 'unknown_outcome' }]);
  const savename = b.store.quotations.get(id).savename!;
  expect(b.sb.data.quotations.all().filter((q) => q.savename === savename)).toHaveLength(1);
  return { id, savename };
}

/** Desk A reads the service, finds B's draft and changes `patch` in it; A's save reaches the service. */
async function editOnA(a: Rig, savename: string, patch: Parameters<Rig['store']['quotations']['updateHeader']>[1]): Promise<void> {
  await a.engine.pull();
  const there = a.store.quotations.list({ limit: 1000 }).find((q) => q.savename === savename)!;
  expect(there).toBeDefined();
  a.store.quotations.updateHeader(there.id, patch);
  await drain(a);
  expect(a.store.outbox.pendingCount()).toBe(0);
  expect(a.store.outbox.parked()).toEqual([]);
}

const onService = (r: Rig, savename: string) => r.sb.data.quotations.all().filter((q) => q.savename === savename);

describe('a draft save whose answer was lost, repeated after another desk edited the draft', () => {
  it('looks the draft up and merges: the other desk’s note stays, nothing is overwritten', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const a = b.otherDesk();
    const { id, savename } = await lostFirstSave(b);
    await editOnA(a, savename, { notes: NOTE });
    expect(onService(b, savename)[0]!.notes).toBe(NOTE);

    // B comes back
    await drain(b);
    expect(b.store.outbox.parked()).toEqual([]);
    expect(b.store.outbox.pendingCount()).toBe(0);
    const held = onService(b, savename);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ notes: NOTE, paymentcondition: 'Binnen 14 dagen' });
    expect(held[0]!.lines.map((l) => l.description)).toEqual(['Work van B']);
    // B's desk shows what the service holds
    expect(b.store.quotations.get(id)).toMatchObject({ serverId: held[0]!.id });
    expect(b.store.quotations.get(id).content.notes).toBe(NOTE);
    // never the blind repeat: no save overwrote the service's draft after A's
    const saves = b.sb.requestLog().filter((q) => q.method === 'POST' && q.url === '/api/v1/quotations');
    expect(saves).toHaveLength(2); // B's lost one, A's: the merged draft held nothing the service did not
  });

  it('merges the same way when a pull brought the draft in before the repeat', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const a = b.otherDesk();
    const { id, savename } = await lostFirstSave(b);
    await editOnA(a, savename, { notes: NOTE });
    await b.engine.pull();
    expect(b.store.quotations.get(id).serverId).toBe(onService(b, savename)[0]!.id);

    await drain(b);
    expect(b.store.outbox.parked()).toEqual([]);
    expect(onService(b, savename)).toMatchObject([{ notes: NOTE, paymentcondition: 'Binnen 14 dagen' }]);
    expect(b.store.quotations.get(id).content.notes).toBe(NOTE);
  });

  it('keeps an edit made on B after the lost save beside A’s, and asks when both changed one field', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const a = b.otherDesk();
    const { id, savename } = await lostFirstSave(b);
    await editOnA(a, savename, { notes: NOTE, paymentcondition: 'Binnen 30 dagen' });
    // offline, B changes the payment condition too, and the reference
    b.store.quotations.updateHeader(id, { paymentcondition: 'Contant bij oplevering', reference: { line1: 'Werk Dorpsstraat' } });

    await drain(b);
    // the payment condition changed on both sides differently: the person decides
    const parked = b.store.outbox.parked();
    expect(parked).toHaveLength(1);
    expect(b.store.conflicts.open().map((c) => c.fields)).toEqual([['paymentcondition']]);
    // nothing of A's was overwritten meanwhile
    expect(onService(b, savename)).toMatchObject([{ notes: NOTE, paymentcondition: 'Binnen 30 dagen' }]);
    // and B's own edit is still here
    expect(b.store.quotations.get(id).content).toMatchObject({ paymentcondition: 'Contant bij oplevering' });
  });

  it('merges a lost save of a draft saved before the same way: the read before the repeat is the base it replaces', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const a = b.otherDesk();
    await b.engine.pull();
    const id = draft(b, 'van B');
    await drain(b);
    const savename = b.store.quotations.get(id).savename!;
    await a.engine.pull();

    b.store.quotations.updateHeader(id, { paymentcondition: 'Binnen 14 dagen' });
    b.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'error', status: 504, applied: true } });
    await b.engine.flush();
    expect(b.store.outbox.list()).toMatchObject([{ kind: 'quotation.save', state: 'unknown_outcome' }]);
    await editOnA(a, savename, { notes: NOTE });

    await drain(b);
    expect(b.store.outbox.parked()).toEqual([]);
    expect(onService(b, savename)).toMatchObject([{ notes: NOTE, paymentcondition: 'Binnen 14 dagen' }]);
    expect(b.store.quotations.get(id).content).toMatchObject({ notes: NOTE, paymentcondition: 'Binnen 14 dagen' });
  });
});

describe('a draft save whose answer was lost, sent on another desk before the repeat', () => {
  it('reads the refusal of the repeat as “sent there meanwhile”: B’s draft waits for the person, not as an invalid field', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const a = b.otherDesk();
    const { id, savename } = await lostFirstSave(b);
    // A finds B's draft and sends it
    await a.engine.pull();
    const there = a.store.quotations.list({ limit: 1000 }).find((q) => q.savename === savename)!;
    a.store.quotations.send(there.id, 'email');
    await drain(a);
    expect(onService(b, savename)).toMatchObject([{ sent: true }]);
    // B's look-up misses it (a list answered empty, as a service in trouble once did), so B
    // saves again under its savename, and the service refuses: that name is a sent quotation's
    b.sb.addFault({ method: 'GET', path: '/quotations', effect: { kind: 'body', body: '[]' } });
    b.store.quotations.updateHeader(id, { notes: 'Na het verlies getypt' });

    await drain(b);
    const refused = b.sb.requestLog().filter((q) => q.method === 'POST' && q.url === '/api/v1/quotations' && q.status === 422);
    expect(refused).toHaveLength(1);
    // not a field to fix: the draft was sent there, and B's later edit waits for the person
    expect(b.store.outbox.parked()).toHaveLength(1);
    expect(b.store.outbox.parked()[0]!.lastError).not.toMatchObject({ kind: 'validation' });
    expect(b.store.conflicts.open()).toMatchObject([{ kind: 'deleted', target: id }]);
    expect(b.store.quotations.get(id).content.notes).toBe('Na het verlies getypt');
    // the service still holds one quotation by that name, the sent one
    expect(onService(b, savename)).toMatchObject([{ sent: true }]);
  });
});

/** A new draft on desk B that has not gone out yet: its id, its savename and its client's number. */
async function unsavedDraft(b: Rig): Promise<{ id: string; savename: string; clientnr: number }> {
  await b.engine.pull();
  const id = draft(b, 'van B');
  const q = b.store.quotations.get(id);
  return { id, savename: q.savename!, clientnr: b.store.clients.list().find((c) => c.id === q.content.clientId)!.clientnr! };
}

describe('a draft whose savename the service already holds, sent, when it first goes out', () => {
  it('is looked up and waits for the person as sent there, even with no earlier attempt of its own', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const { id, savename, clientnr } = await unsavedDraft(b);
    // the service holds this draft already, sent (a copy of it that went out on another desk)
    await b.api.quotations.saveOrSend({
      clientnr,
      action: 'send',
      sendmethod: 'mail',
      savename,
      lines: [{ description: 'Work van B', amount: 2, price: 40, tax_rate: 21 }],
    });
    expect(b.store.outbox.list()).toMatchObject([{ kind: 'quotation.save', sent: null }]);

    await drain(b);
    expect(b.store.outbox.parked()).toHaveLength(1);
    expect(b.store.outbox.parked()[0]!.lastError).not.toMatchObject({ kind: 'validation' });
    expect(b.store.conflicts.open()).toMatchObject([{ kind: 'deleted', target: id }]);
    expect(onService(b, savename)).toMatchObject([{ sent: true }]);
  });

  it('held as a draft there, is merged with it: what the other desk wrote there stays', async () => {
    const b = await rig({ sandbox: { clients: 3, products: 0, quotations: 2 } });
    const { id, savename, clientnr } = await unsavedDraft(b);
    b.store.quotations.updateHeader(id, { paymentcondition: 'Binnen 14 dagen' });
    // the service holds this draft already, as this desk typed it, and another desk added a note
    await b.api.quotations.saveOrSend({
      clientnr,
      action: 'save',
      savename,
      notes: NOTE,
      paymentcondition: 'Binnen 14 dagen',
      lines: [{ description: 'Work van B', amount: 2, price: 40, tax_rate: 21 }],
    });

    await drain(b);
    expect(b.store.outbox.parked()).toEqual([]);
    expect(onService(b, savename)).toMatchObject([{ notes: NOTE, paymentcondition: 'Binnen 14 dagen', sent: false }]);
    expect(b.store.quotations.get(id).content.notes).toBe(NOTE);
  });
});

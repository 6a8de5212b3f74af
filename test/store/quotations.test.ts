import { describe, expect, it } from 'vitest';
import { scratchStore } from './helpers';

describe('quotation drafts', () => {
  it('creates a draft with app-assigned unique names and one save queued', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    const a = store.quotations.create({ clientId: c.id });
    const b = store.quotations.create({ clientId: c.id });
    expect(a.savename).toMatch(/^qd-[0-9a-f]{32}$/);
    // the printed number comes when the person first saves or sends it (numbering.test.ts)
    expect(a.quotationreference).toBeNull();
    expect(a.savename!.length).toBeLessThanOrEqual(40);
    expect(a.savename).not.toBe(b.savename);
    expect(a.content.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(store.outbox.list().map((o) => [o.kind, o.target])).toEqual([
      ['client.create', c.id],
      ['quotation.save', a.id],
      ['quotation.save', b.id],
    ]);
  });

  it('keeps a draft without a client local: nothing is queued until a client is chosen', () => {
    const { store } = scratchStore();
    const q = store.quotations.create();
    store.quotations.addLine(q.id, { description: 'Design', amount: 1, price: 10 });
    store.quotations.updateHeader(q.id, { reference: { line1: 'Spring' } });
    expect(store.outbox.list()).toEqual([]);
    const c = store.clients.create({ company: 'A' });
    store.quotations.setClient(q.id, c.id);
    expect(store.outbox.list().map((o) => [o.kind, o.target])).toEqual([
      ['client.create', c.id],
      ['quotation.save', q.id],
    ]);
  });

  it('queues the edits made while its first save is out, even with the client taken away', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    const q = store.quotations.create({ clientId: c.id });
    const save = store.outbox.list().find((o) => o.kind === 'quotation.save')!;
    store.outbox.markInFlight(save.id, {});
    store.quotations.setClient(q.id, null);
    store.quotations.addLine(q.id, { description: 'After the save went out' });
    const saves = store.outbox.list().filter((o) => o.kind === 'quotation.save');
    expect(saves.map((o) => o.state)).toEqual(['in_flight', 'pending']);
  });

  it('adds, edits, moves and removes lines; totals are exact; one save for all edits', () => {
    const { store } = scratchStore();
    const q = store.quotations.create({ clientId: store.clients.create({ company: 'A' }).id });
    const l1 = store.quotations.addLine(q.id, { description: 'Design', amount: 3, price: 0.1, tax_rate: 21 });
    const l2 = store.quotations.addLine(q.id, { description: 'Text only' });
    const l3 = store.quotations.addLine(q.id, { description: 'Hosting', amount: 1, price: 9.995, tax_rate: 9 }, 0);
    store.quotations.updateLine(q.id, l1.id, { amount: 2 });
    store.quotations.moveLine(q.id, l2.id, 0);
    let got = store.quotations.get(q.id);
    expect(got.content.lines.map((l) => l.description)).toEqual(['Text only', 'Hosting', 'Design']);
    expect(got.totals).toMatchObject({ subtotal: '10.20', totalintax: '11.14' });
    store.quotations.removeLine(q.id, l3.id);
    got = store.quotations.get(q.id);
    expect(got.content.lines.map((l) => l.id)).toEqual([l2.id, l1.id]);
    expect(store.outbox.list().filter((o) => o.kind === 'quotation.save')).toHaveLength(1);
  });

  it('works out the total of a tax-shifted client without tax, as the editor and the document do', () => {
    const { store } = scratchStore();
    const shifted = store.clients.create({ company: 'Verlegd B.V.', tax_shifted: true });
    const q = store.quotations.create({ clientId: shifted.id });
    store.quotations.addLine(q.id, { description: 'Montage', amount: 2, price: 50, tax_rate: 21 });
    expect(store.quotations.get(q.id).totals).toMatchObject({ totalextax: '100.00', totalintax: '100.00' });
    // and the list shows that total
    expect(store.quotations.summaries().find((x) => x.id === q.id)?.totalintax).toBe('100.00');
  });

  it('keeps a half-typed price and reports it as a line error', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'A' });
    const q = store.quotations.create({ clientId: c.id });
    const l = store.quotations.addLine(q.id, { description: 'x', amount: 1, price: '12,5' });
    expect(store.quotations.get(q.id).content.lines[0]!.price).toBe('12,5');
    expect(store.quotations.errors(q.id).map((e) => e.field)).toEqual(['lines.0.price']);
    store.quotations.updateLine(q.id, l.id, { price: '12.5' });
    expect(store.quotations.errors(q.id)).toEqual([]);
  });

  it('asks for a client when none is chosen', () => {
    const { store } = scratchStore();
    const q = store.quotations.create();
    expect(store.quotations.errors(q.id)).toEqual([{ field: 'clientId', message: 'choose a client for this quotation' }]);
  });

  it('makes a quotation for a new client wait for that client’s create', () => {
    const { store } = scratchStore();
    const c = store.clients.create({ company: 'New' });
    const q = store.quotations.create({ clientId: c.id });
    const [create, save] = store.outbox.list();
    expect(save).toMatchObject({ kind: 'quotation.save', dependsOn: create!.id });
    expect(store.outbox.ready(Number.MAX_SAFE_INTEGER, 10).map((o) => o.id)).toEqual([create!.id]);
    store.outbox.markInFlight(create!.id, {});
    store.outbox.markDone(create!.id);
    expect(store.outbox.ready(Number.MAX_SAFE_INTEGER, 10).map((o) => o.target)).toEqual([q.id]);
  });

  it('turns the pending save of a never-saved draft into one send', () => {
    const { store } = scratchStore();
    const q = store.quotations.create();
    store.quotations.addLine(q.id, { description: 'x' });
    const sent = store.quotations.send(q.id, 'email');
    expect(sent).toMatchObject({ sent: true, sending: true });
    expect(store.outbox.list().map((o) => [o.kind, o.payload])).toEqual([['quotation.send', { sendmethod: 'email' }]]);
    expect(() => store.quotations.addLine(q.id, { description: 'late' })).toThrow(/has been sent/);
    expect(() => store.quotations.send(q.id, 'email')).toThrow(/already been sent/);
  });

  it('sends a saved draft after its pending save', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations([{ id: 40, clientnr: 1, sent: false, savename: 'mine', lines: [] }], clock());
    const q = store.quotations.byServerId(40)!;
    store.quotations.updateHeader(q.id, { notes: 'changed' });
    store.quotations.send(q.id, 'mail');
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['quotation.save', 'quotation.send']);
    expect(() => store.quotations.send(q.id, 'fax')).toThrow(/not a way to send/);
  });

  it('starts editing a saved service draft from its service version, which becomes the base', () => {
    const { store, clock } = scratchStore();
    store.pulled.putClients([{ clientnr: 5, company: 'Five' }], clock());
    store.pulled.putQuotations(
      [{ id: 9, clientnr: 5, sent: false, notes: 'theirs', lines: [{ description: 'a', amount: 1, price: 2, linetotal: 2 }] }],
      clock(),
    );
    const q = store.quotations.byServerId(9)!;
    expect(q.content.clientId).toBe(store.clients.byClientnr(5)!.id);
    const lineId = q.content.lines[0]!.id;
    store.quotations.updateLine(q.id, lineId, { amount: 4 });
    const row = store.quotations.row(q.id);
    expect(JSON.parse(row.base!)).toMatchObject({ id: 9, notes: 'theirs' });
    expect(store.quotations.get(q.id)).toMatchObject({ state: 'edited', content: { notes: 'theirs', lines: [{ id: lineId, amount: 4, description: 'a' }] } });
    expect(store.quotations.get(q.id).content.lines[0]).not.toHaveProperty('linetotal');
  });

  it('approves, unapproves and sets a custom status on sent quotations only, collapsing repeats', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations(
      [
        { id: 11, clientnr: 1, sent: true, lines: [] },
        { id: 12, clientnr: 1, sent: false, lines: [] },
      ],
      clock(),
    );
    const sent = store.quotations.byServerId(11)!;
    const draft = store.quotations.byServerId(12)!;
    expect(() => store.quotations.approve(draft.id, { name: 'Jan', date: '2026-01-15' })).toThrow(/Only a sent quotation/);
    expect(() => store.quotations.approve(sent.id, { name: '', date: '2026-01-15' })).toThrow(/name: is required/);
    store.quotations.approve(sent.id, { name: 'Jan', date: '2026-01-15' });
    expect(store.quotations.get(sent.id).approved).toMatchObject({ name: 'Jan' });
    store.quotations.unapprove(sent.id);
    expect(store.quotations.get(sent.id).approved).toBeNull();
    store.quotations.setCustomStatus(sent.id, 'progress');
    store.quotations.setCustomStatus(sent.id, 'billable');
    expect(store.quotations.get(sent.id).customstatus).toBe('billable');
    expect(() => store.quotations.setCustomStatus(sent.id, 'lost')).toThrow(/not a status/);
    expect(store.outbox.list().map((o) => [o.kind, o.payload])).toEqual([
      ['quotation.approve', { approved: false }],
      ['quotation.status', { customstatus: 'billable' }],
    ]);
  });

  it('deletes a never-saved draft locally only; a saved one through the outbox', () => {
    const { store, clock } = scratchStore();
    const local = store.quotations.create();
    store.quotations.delete(local.id);
    expect(store.quotations.find(local.id)).toBeNull();
    expect(store.outbox.list()).toEqual([]);

    store.pulled.putQuotations([{ id: 20, clientnr: 1, sent: false, lines: [] }], clock());
    const saved = store.quotations.byServerId(20)!;
    store.quotations.updateHeader(saved.id, { notes: 'x' });
    store.quotations.delete(saved.id);
    expect(store.outbox.list().map((o) => o.kind)).toEqual(['quotation.delete']);
    expect(store.quotations.list().map((q) => q.id)).not.toContain(saved.id);
  });

  it('lists drafts and sent quotations separately, newest change first', () => {
    const { store, clock } = scratchStore();
    store.pulled.putQuotations([{ id: 1, clientnr: 1, sent: true, lines: [] }], clock());
    clock.advance(1000);
    const d = store.quotations.create();
    expect(store.quotations.list({ which: 'drafts' }).map((q) => q.id)).toEqual([d.id]);
    expect(store.quotations.list({ which: 'sent' }).map((q) => q.serverId)).toEqual([1]);
    expect(store.quotations.list().map((q) => q.id)[0]).toBe(d.id);
  });
});

import { describe, expect, it } from 'vitest';
import { rig, serverQuotations } from './helpers';

async function withClient(r: Awaited<ReturnType<typeof rig>>) {
  await r.engine.pull();
  const client = r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
  return client;
}

describe('pushing quotations', () => {
  it('saves a new draft under its savename, then overwrites it in place on later saves', async () => {
    const r = await rig();
    const client = await withClient(r);
    const q = r.store.quotations.create({ clientId: client.id, notes: 'v1' });
    r.store.quotations.addLine(q.id, { description: 'Advies', amount: 2, price: 80, tax_rate: 21 });
    await r.engine.flush();
    const saved = r.store.quotations.get(q.id);
    expect(saved.serverId).toBeGreaterThan(0);
    expect(saved.state).toBe('synced');
    const onService = r.sb.data.quotations.get(saved.serverId!)!;
    // numbered when it first went out, by the default scheme, past the numbers the demo data holds
    expect(saved.quotationreference).toMatch(/^OF\d{4}-\d{4}$/);
    expect(serverQuotations(r.sb).filter((x) => x.quotationreference === saved.quotationreference)).toHaveLength(1);
    expect(onService).toMatchObject({ savename: q.savename, quotationreference: saved.quotationreference, sent: false, notes: 'v1' });

    r.store.quotations.updateHeader(q.id, { notes: 'v2' });
    r.store.quotations.addLine(q.id, { description: 'Reis', amount: 1, price: 25, tax_rate: 21 });
    await r.engine.flush();
    expect(r.store.quotations.get(q.id).serverId).toBe(saved.serverId);
    const after = r.sb.data.quotations.get(saved.serverId!)!;
    expect(after.notes).toBe('v2');
    expect(after.lines).toHaveLength(2);
    expect(serverQuotations(r.sb).filter((x) => x.savename === q.savename)).toHaveLength(1);
  });

  it('sends a new quotation with one POST and one delivery', async () => {
    const r = await rig();
    const client = await withClient(r);
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100, tax_rate: 21 });
    r.store.quotations.send(q.id, 'email');
    await r.engine.flush();
    const sent = r.store.quotations.get(q.id);
    expect(sent).toMatchObject({ sent: true, sending: false, state: 'synced' });
    const deliveries = r.sb.deliveries().filter((d) => d.quotationreference === sent.quotationreference);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.quotationId).toBe(sent.serverId);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
  });

  it('sends a saved draft with PUT; the new id replaces the old one here', async () => {
    const r = await rig();
    const client = await withClient(r);
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100, tax_rate: 21 });
    await r.engine.flush();
    const draftId = r.store.quotations.get(q.id).serverId!;
    r.store.quotations.send(q.id, 'mail');
    r.store.quotations.approve(q.id, { name: 'Jan Klant', date: '2026-01-20', comments: 'akkoord' });
    r.store.quotations.setCustomStatus(q.id, 'progress');
    await r.engine.flush();
    const sent = r.store.quotations.get(q.id);
    expect(sent.serverId).not.toBe(draftId);
    expect(r.sb.data.quotations.get(draftId)).toBeUndefined();
    expect(r.sb.data.quotations.get(sent.serverId!)).toMatchObject({ sent: true, customstatus: 'progress', approved: { name: 'Jan Klant' } });
    expect(r.store.quotations.byServerId(draftId)).toBeNull();
    expect(sent).toMatchObject({ approved: { name: 'Jan Klant' }, customstatus: 'progress', state: 'synced' });
    // a pull afterwards finds the same quotation, not a second one
    await r.engine.pull();
    expect(r.store.quotations.list({ includeDeleted: true }).filter((x) => x.quotationreference === sent.quotationreference)).toHaveLength(1);
  });

  it('removes an approval and clears a custom status', async () => {
    const r = await rig();
    await r.engine.pull();
    const sent = r.store.quotations.list({ which: 'sent' }).find((q) => q.approved !== null && q.customstatus !== '');
    expect(sent).toBeDefined();
    r.store.quotations.unapprove(sent!.id);
    r.store.quotations.setCustomStatus(sent!.id, 'clear');
    await r.engine.flush();
    expect(r.sb.data.quotations.get(sent!.serverId!)).toMatchObject({ approved: null, customstatus: '' });
    expect(r.store.quotations.get(sent!.id)).toMatchObject({ approved: null, customstatus: '' });
  });

  it('deletes quotations on the service', async () => {
    const r = await rig();
    await r.engine.pull();
    const victim = r.store.quotations.list({ which: 'sent' })[0]!;
    r.store.quotations.delete(victim.id);
    await r.engine.flush();
    expect(r.sb.data.quotations.get(victim.serverId!)).toBeUndefined();
    expect(r.store.quotations.find(victim.id)).toBeNull();
  });

  it('makes a quotation for a client created offline wait for that client, then sends it with the real number', async () => {
    const r = await rig();
    const c = r.store.clients.create({ company: 'Nieuwe Klant BV', email: 'nieuw@klant.nl' });
    const q = r.store.quotations.create({ clientId: c.id });
    r.store.quotations.addLine(q.id, { description: 'Start', amount: 1, price: 10, tax_rate: 21 });
    r.store.quotations.send(q.id, 'email');
    r.store.clients.update(c.id, { city: 'Leiden' });
    const order: string[] = [];
    r.engine.events.on('pushed', (e) => order.push(e.kind));
    await r.engine.flush();
    expect(order).toEqual(['client.create', 'quotation.send']);
    const clientnr = r.store.clients.get(c.id).clientnr!;
    const sent = r.sb.data.quotations.get(r.store.quotations.get(q.id).serverId!)!;
    expect(sent.clientnr).toBe(clientnr);
    expect(r.sb.deliveries().filter((d) => d.quotationreference === r.store.quotations.get(q.id).quotationreference)).toEqual([
      expect.objectContaining({ to: 'nieuw@klant.nl' }),
    ]);
  });

  it('holds a quotation back while its new client is parked', async () => {
    const r = await rig();
    const c = r.store.clients.create({ company: 'Broken', country: 'Atlantis' });
    const q = r.store.quotations.create({ clientId: c.id });
    r.store.quotations.addLine(q.id, { description: 'x', amount: 1, price: 1 });
    await r.engine.flush();
    expect(r.store.outbox.list().map((e) => [e.kind, e.state])).toEqual([
      ['client.create', 'parked'],
      ['quotation.save', 'pending'],
    ]);
    expect(r.store.outbox.blockedBy(r.store.outbox.list()[1]!.id)?.kind).toBe('client.create');
    r.store.clients.update(c.id, { country: 146 });
    await r.engine.flush();
    expect(r.store.quotations.get(q.id).serverId).toBeGreaterThan(0);
  });

  describe('conflicts on drafts', () => {
    async function conflicted() {
      const r = await rig();
      const client = await withClient(r);
      const q = r.store.quotations.create({ clientId: client.id, notes: 'base' });
      r.store.quotations.addLine(q.id, { description: 'a', amount: 1, price: 5 });
      await r.engine.flush();
      const serverId = r.store.quotations.get(q.id).serverId!;
      r.store.quotations.updateHeader(q.id, { notes: 'mine' });
      r.sb.data.quotations.patch(serverId, { notes: 'theirs' });
      await r.engine.flush();
      const [c] = r.store.conflicts.open();
      return { r, q, serverId, c: c! };
    }

    it('a field this app never set, changed on the service only, is merged in: no conflict, both changes kept', async () => {
      const r = await rig();
      const client = await withClient(r);
      const q = r.store.quotations.create({ clientId: client.id });
      r.store.quotations.addLine(q.id, { description: 'a', amount: 1, price: 5 });
      await r.engine.flush();
      const serverId = r.store.quotations.get(q.id).serverId!;
      r.store.quotations.updateHeader(q.id, { notes: 'mine' });
      r.sb.data.quotations.patch(serverId, { paymentcondition: 'theirs' });
      await r.engine.flush();
      expect(r.store.conflicts.open()).toEqual([]);
      expect(r.sb.data.quotations.get(serverId)).toMatchObject({ paymentcondition: 'theirs', notes: 'mine' });
      expect(r.store.quotations.get(q.id).content).toMatchObject({ paymentcondition: 'theirs', notes: 'mine' });
    });

    it('parks a draft changed on both sides with both versions', async () => {
      const { r, q, serverId, c } = await conflicted();
      expect(c).toMatchObject({ kind: 'draft', target: q.id, mine: { notes: 'mine' }, theirs: { notes: 'theirs', id: serverId } });
      expect(r.sb.data.quotations.get(serverId)!.notes).toBe('theirs');
      expect(r.store.outbox.parked()[0]!.lastError!.kind).toBe('conflict');
    });

    it('keep mine overwrites theirs', async () => {
      const { r, serverId, c } = await conflicted();
      r.store.conflicts.resolve(c.id, 'keep_mine');
      await r.engine.flush();
      expect(r.sb.data.quotations.get(serverId)!.notes).toBe('mine');
    });

    it('take theirs drops mine', async () => {
      const { r, q, serverId, c } = await conflicted();
      r.store.conflicts.resolve(c.id, 'take_theirs');
      await r.engine.flush();
      expect(r.sb.data.quotations.get(serverId)!.notes).toBe('theirs');
      expect(r.store.quotations.get(q.id).content.notes).toBe('theirs');
    });

    it('keep both saves mine under a new savename', async () => {
      const { r, q, serverId, c } = await conflicted();
      r.store.conflicts.resolve(c.id, 'keep_both');
      await r.engine.flush();
      const mine = r.store.quotations.get(q.id);
      expect(mine.serverId).not.toBe(serverId);
      expect(r.sb.data.quotations.get(serverId)!.notes).toBe('theirs');
      expect(r.sb.data.quotations.get(mine.serverId!)).toMatchObject({ notes: 'mine', savename: mine.savename });
      expect(r.store.quotations.byServerId(serverId)!.content.notes).toBe('theirs');
    });

    it('a draft deleted on the service while edited here is a conflict; keep mine saves it anew', async () => {
      const r = await rig();
      const client = await withClient(r);
      const q = r.store.quotations.create({ clientId: client.id });
      await r.engine.flush();
      const serverId = r.store.quotations.get(q.id).serverId!;
      r.store.quotations.updateHeader(q.id, { notes: 'still mine' });
      r.sb.data.quotations.delete(serverId);
      await r.engine.flush();
      const [c] = r.store.conflicts.open();
      expect(c).toMatchObject({ kind: 'deleted', target: q.id });
      r.store.conflicts.resolve(c!.id, 'keep_mine');
      await r.engine.flush();
      const again = r.store.quotations.get(q.id);
      expect(again.serverId).not.toBe(serverId);
      expect(r.sb.data.quotations.get(again.serverId!)!.notes).toBe('still mine');
    });
  });
});

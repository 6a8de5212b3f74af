// Own numbering against the sandbox: numbers handed out offline, a number
// another desk took first, numbering left to the service, and lost sends
// found by savename only.
import { describe, expect, it } from 'vitest';
import { drain, rig, sendUnanswered, type Rig } from './helpers';

function emailClient(r: Rig) {
  return r.store.clients.list().find((c) => String(c.fields.email ?? '') !== '')!;
}

/** Another desk on the same account puts a quotation under `reference` on the service. */
async function otherDesk(r: Rig, reference: string, sent: boolean): Promise<number> {
  const clientnr = emailClient(r).clientnr!;
  return r.api.quotations.saveOrSend({
    clientnr,
    action: sent ? 'send' : 'save',
    ...(sent ? { sendmethod: 'mail' } : {}),
    savename: `other-desk-${reference}`,
    quotationreference: reference,
    lines: [{ description: 'their work', amount: 1, price: 5 }],
  });
}

describe('own numbering with the service', () => {
  it('numbers offline; a number another desk took first is refused, and the next free one is taken by itself, sent once', async () => {
    const r = await rig();
    await r.engine.pull();
    // the person sends, and the quotation has its number at once, before any request
    const requests = r.sb.requestLog().length;
    const q = r.store.quotations.create({ clientId: emailClient(r).id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100, tax_rate: 21 });
    r.store.quotations.send(q.id, 'email');
    const mine = r.store.quotations.get(q.id).quotationreference!;
    expect(mine).toMatch(/^OF\d{4}-\d{4}$/);
    expect(r.sb.requestLog().length).toBe(requests);
    // meanwhile another desk, unseen here, used the same number
    const theirs = await otherDesk(r, mine, true);
    const before = r.sb.deliveries().length;

    await drain(r);
    const sent = r.store.quotations.get(q.id);
    expect(sent).toMatchObject({ sent: true, state: 'synced' });
    expect(sent.quotationreference).not.toBe(mine);
    expect(sent.quotationreference).toMatch(/^OF\d{4}-\d{4}$/);
    // exactly one delivery of ours, under the new number; theirs kept its own
    const ours = r.sb.deliveries().slice(before);
    expect(ours).toEqual([expect.objectContaining({ quotationId: sent.serverId, quotationreference: sent.quotationreference })]);
    expect(r.sb.data.quotations.get(theirs)).toMatchObject({ quotationreference: mine, savename: `other-desk-${mine}` });
    expect(r.sb.data.quotations.get(sent.serverId!)).toMatchObject({ savename: q.savename });
    // the person is told
    expect(r.store.numbering.noticeFor(q.id)).toMatchObject({ from: mine, to: sent.quotationreference, why: 'service' });
    expect(r.store.outbox.parked()).toEqual([]);
    // a pull afterwards keeps the two apart
    await r.engine.pull();
    expect(r.store.quotations.byServerId(theirs)!.id).not.toBe(q.id);
    expect(r.store.quotations.get(q.id).serverId).toBe(sent.serverId);
  });

  it('steps past several numbers the other desk went on to', async () => {
    const r = await rig();
    await r.engine.pull();
    const next = r.store.numbering.preview()!;
    const n = Number(next.slice(-4));
    const taken = [0, 1, 2].map((i) => `${next.slice(0, -4)}${String(n + i).padStart(4, '0')}`);
    for (const ref of taken) await otherDesk(r, ref, false);
    const q = r.store.quotations.create({ clientId: emailClient(r).id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 1 });
    expect(r.store.quotations.number(q.id)).toBe(taken[0]);
    await drain(r);
    const saved = r.store.quotations.get(q.id);
    expect(saved.quotationreference).toBe(`${next.slice(0, -4)}${String(n + 3).padStart(4, '0')}`);
    expect(r.sb.data.quotations.get(saved.serverId!)).toMatchObject({ sent: false, savename: q.savename, quotationreference: saved.quotationreference });
  });

  it('with numbering left to the service, sends no reference and still sends once after a lost answer', async () => {
    const r = await rig();
    await r.engine.pull();
    r.store.numbering.setScheme({ mode: 'service' });
    const q = await sendUnanswered(r, { dropAfterCommitRate: 1 });
    expect(q.quotationreference).toBeNull();
    await drain(r);
    const sent = r.store.quotations.get(q.id);
    const onService = r.sb.data.quotations.all().filter((x) => x.savename === sent.savename);
    expect(onService).toHaveLength(1);
    expect(sent.serverId).toBe(onService[0]!.id);
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.serverId)).toHaveLength(1);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST')).toHaveLength(1);
    // the reference is the service's, read back with the record
    await r.engine.pull();
    expect(r.store.quotations.get(q.id).quotationreference).toBe(onService[0]!.quotationreference);
    expect(onService[0]!.quotationreference).not.toBe('');
  });

  it('a lost send is looked up by savename: another quotation holding the same number is not taken for it', async () => {
    const r = await rig();
    await r.engine.pull();
    // the send never arrives (the connection is reset before the service reads it)
    const q = await sendUnanswered(r, { resetRate: 1 });
    const mine = q.quotationreference!;
    expect(r.sb.data.quotations.all().filter((x) => x.savename === r.store.quotations.get(q.id).savename)).toEqual([]);
    // meanwhile another desk sends a quotation under the same number
    const theirs = await otherDesk(r, mine, true);
    await drain(r);
    const sent = r.store.quotations.get(q.id);
    expect(sent.sent).toBe(true);
    expect(sent.serverId).not.toBe(theirs);
    expect(sent.quotationreference).not.toBe(mine);
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.serverId)).toHaveLength(1);
    expect(
      r.sb.data.quotations
        .all()
        .filter((x) => x.savename === sent.savename)
        .map((x) => x.id),
    ).toEqual([sent.serverId]);
  });

  it('a refusal naming more than the number is left to the person: no new number would get it through', async () => {
    const r = await rig();
    await r.engine.pull();
    const client = emailClient(r);
    const q = r.store.quotations.create({ clientId: client.id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 1 });
    r.store.quotations.send(q.id, 'email');
    const mine = r.store.quotations.get(q.id).quotationreference!;
    await otherDesk(r, mine, false);
    // and the client's e-mail address went on the service
    r.sb.data.clients.patch(client.clientnr!, { email: '' });
    await drain(r);
    const [parked] = r.store.outbox.parked();
    expect(parked!.lastError!.fieldErrors!.map((f) => f.field).sort()).toEqual(['quotationreference', 'sendmethod']);
    expect(r.store.quotations.get(q.id).quotationreference).toBe(mine);
    expect(r.store.numbering.notices()).toEqual([]);
    expect(r.sb.requestLog().filter((x) => x.method === 'POST' && x.url.includes('/quotations'))).toHaveLength(2);
  });

  it('a draft saved while the service numbered, then sent under our own numbers, is saved with its number before it is sent', async () => {
    const r = await rig();
    await r.engine.pull();
    r.store.numbering.setScheme({ mode: 'service' });
    const q = r.store.quotations.create({ clientId: emailClient(r).id });
    r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 1 });
    await drain(r);
    const draftId = r.store.quotations.get(q.id).serverId!;
    expect(r.sb.data.quotations.get(draftId)!.quotationreference).toBe('');
    r.store.numbering.setScheme({ mode: 'own', pattern: 'T-{####}', next: 7 });
    r.store.quotations.send(q.id, 'email');
    expect(r.store.quotations.get(q.id).quotationreference).toBe('T-0007');
    await drain(r);
    const sent = r.store.quotations.get(q.id);
    expect(sent).toMatchObject({ sent: true, quotationreference: 'T-0007' });
    expect(r.sb.deliveries().filter((d) => d.quotationId === sent.serverId)).toEqual([expect.objectContaining({ quotationreference: 'T-0007' })]);
  });

  it('the service keeps the savename through both ways of sending', async () => {
    const r = await rig();
    const clientnr = (await r.api.clients.list()).find((c) => c.email !== '')!.clientnr;
    const posted = await r.api.quotations.saveOrSend({
      clientnr,
      action: 'send',
      sendmethod: 'mail',
      savename: 'keep-post',
      lines: [{ description: 'a', amount: 1, price: 1 }],
    });
    expect(await r.api.quotations.get(posted)).toMatchObject({ sent: true, savename: 'keep-post' });
    const draft = await r.api.quotations.saveOrSend({ clientnr, action: 'save', savename: 'keep-put', lines: [{ description: 'a', amount: 1, price: 1 }] });
    const put = await r.api.quotations.send(draft, 'mail');
    expect(put).not.toBe(draft);
    expect(await r.api.quotations.get(put)).toMatchObject({ sent: true, savename: 'keep-put' });
  });
});

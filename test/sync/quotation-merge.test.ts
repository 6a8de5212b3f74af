// A saved draft changed here and on the service: what changed on one side
// only is merged without asking, and what both changed differently is a
// conflict whose every resolution keeps the changes nobody was asked about.
// Real sandbox over HTTP, real SQLite.
import { describe, expect, it } from 'vitest';
import { rig, type Rig } from './helpers';
import { conflictView } from '../../electron/bridge/to-views';
import type { ConflictResolution } from '../../shared/outbox';

const LINES = [
  { description: 'Advies', amount: 2, price: 80, tax_rate: 21 },
  { description: 'Reiskosten', amount: 1, price: 25, tax_rate: 21 },
  { description: 'Montage', amount: 3, price: 120, tax_rate: 21 },
];

type ServiceLine = { description?: unknown; amount?: unknown; price?: unknown };

/** A draft with three lines saved on the service: the version both sides start from. */
async function savedDraft() {
  const r = await rig({ sandbox: { clients: 3, products: 0, quotations: 0 } });
  await r.engine.pull();
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id, notes: 'basis', paymentcondition: '30 dagen', date: '2026-01-15' });
  for (const l of LINES) r.store.quotations.addLine(q.id, l);
  await r.engine.flush();
  const serverId = r.store.quotations.get(q.id).serverId!;
  expect(serverId).toBeGreaterThan(0);
  return { r, q, serverId };
}

function onService(r: Rig, serverId: number) {
  return r.sb.data.quotations.get(serverId)!;
}

const lineText = (l: ServiceLine) => `${l.description}:${Number(l.amount)}x${Number(l.price)}`;
const serviceLines = (r: Rig, serverId: number) => (onService(r, serverId).lines as ServiceLine[]).map(lineText);
const localLines = (r: Rig, id: string) => r.store.quotations.get(id).content.lines.map(lineText);

/** Another device changes the service's draft: header fields, and its lines through `lines`. */
function changeThere(r: Rig, serverId: number, fields: Record<string, unknown>, lines?: (current: ServiceLine[]) => ServiceLine[]) {
  const current = (onService(r, serverId).lines as ServiceLine[]).map((l) => ({ ...l }));
  r.sb.data.quotations.patch(serverId, { ...fields, ...(lines ? { lines: lines(current) } : {}) } as never);
}

function lineId(r: Rig, id: string, description: string): string {
  return r.store.quotations.get(id).content.lines.find((l) => l.description === description)!.id;
}

const posts = (r: Rig) => r.sb.requestLog().filter((x) => x.method === 'POST').length;

describe('changes made on one side only', () => {
  it('the service changed the date and payment condition, this computer the notes: the service ends up with all three, unasked', async () => {
    const { r, q, serverId } = await savedDraft();
    r.store.quotations.updateHeader(q.id, { notes: 'Graag voor vrijdag' });
    changeThere(r, serverId, { date: '2026-02-01', paymentcondition: 'Binnen 14 dagen' });
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(onService(r, serverId)).toMatchObject({ date: '2026-02-01', paymentcondition: 'Binnen 14 dagen', notes: 'Graag voor vrijdag' });
    expect(r.store.quotations.get(q.id)).toMatchObject({
      state: 'synced',
      content: { date: '2026-02-01', paymentcondition: 'Binnen 14 dagen', notes: 'Graag voor vrijdag' },
    });
  });

  it('header fields and lines changed, added and removed on each side merge with no conflict, in one write', async () => {
    const { r, q, serverId } = await savedDraft();
    r.store.quotations.updateHeader(q.id, { notes: 'mijn notitie', reference: { line1: 'Project Noord' } });
    r.store.quotations.updateLine(q.id, lineId(r, q.id, 'Reiskosten'), { price: 30 });
    r.store.quotations.addLine(q.id, { description: 'Nazorg', amount: 1, price: 40, tax_rate: 21 });
    changeThere(r, serverId, { date: '2026-02-01', paymentcondition: 'Binnen 14 dagen' }, (ls) => [
      ls[1]!,
      { ...ls[2]!, description: 'Montage en afvoer' },
      { description: 'Stelpost', amount: 1, price: 15, tax_rate: 21 },
    ]);
    const before = posts(r);
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(posts(r) - before).toBe(1);
    // both put a line after the last one: this computer's comes first
    const merged = ['Reiskosten:1x30', 'Montage en afvoer:3x120', 'Nazorg:1x40', 'Stelpost:1x15'];
    expect(serviceLines(r, serverId)).toEqual(merged);
    expect(localLines(r, q.id)).toEqual(merged);
    expect(onService(r, serverId)).toMatchObject({
      notes: 'mijn notitie',
      date: '2026-02-01',
      paymentcondition: 'Binnen 14 dagen',
      reference: { line1: 'Project Noord' },
    });
    expect(r.store.quotations.get(q.id).state).toBe('synced');
  });

  it('a line removed here and another changed there: both kept', async () => {
    const { r, q, serverId } = await savedDraft();
    r.store.quotations.removeLine(q.id, lineId(r, q.id, 'Montage'));
    changeThere(r, serverId, {}, (ls) => [ls[0]!, { ...ls[1]!, price: 35 }, ls[2]!]);
    await r.engine.flush();
    expect(r.store.conflicts.open()).toEqual([]);
    expect(serviceLines(r, serverId)).toEqual(['Advies:2x80', 'Reiskosten:1x35']);
  });

  it('changes made on the service only, with nothing left to write here, cost no save', async () => {
    const { r, q, serverId } = await savedDraft();
    // an edit undone before it was saved: a save waits with nothing to carry
    r.store.quotations.updateHeader(q.id, { notes: 'even anders' });
    r.store.quotations.updateHeader(q.id, { notes: 'basis' });
    changeThere(r, serverId, { paymentcondition: 'Binnen 14 dagen' });
    const before = posts(r);
    await r.engine.flush();
    expect(posts(r)).toBe(before);
    expect(r.store.quotations.get(q.id)).toMatchObject({ state: 'synced', content: { paymentcondition: 'Binnen 14 dagen', notes: 'basis' } });
    expect(r.store.outbox.pendingCount()).toBe(0);
  });
});

const RESOLUTIONS: ConflictResolution[] = ['keep_mine', 'take_theirs', 'keep_both'];

/** The records on the service after a resolution: the one resolved, and a copy when both were kept. */
function resolvedRecords(r: Rig, id: string, serverId: number, resolution: ConflictResolution) {
  const local = r.store.quotations.get(id);
  if (resolution !== 'keep_both') {
    expect(local.serverId).toBe(serverId);
    return { original: onService(r, serverId), copy: null };
  }
  expect(local.serverId).not.toBe(serverId);
  return { original: onService(r, serverId), copy: onService(r, local.serverId!) };
}

describe('a header field changed on both sides', () => {
  async function conflicted() {
    const d = await savedDraft();
    const { r, q, serverId } = d;
    r.store.quotations.updateHeader(q.id, { notes: 'mijn notitie', discounttype: 'percentage', discount: 5 });
    r.store.quotations.updateLine(q.id, lineId(r, q.id, 'Advies'), { amount: 3 });
    changeThere(r, serverId, { notes: 'hun notitie', date: '2026-02-01', paymentcondition: 'Binnen 14 dagen' }, (ls) => [
      ls[0]!,
      ls[1]!,
      { ...ls[2]!, price: 130 },
    ]);
    await r.engine.flush();
    const open = r.store.conflicts.open();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'draft', fields: ['notes'] });
    // nothing was written over on the service
    expect(onService(r, serverId)).toMatchObject({ notes: 'hun notitie', discount: 0 });
    return { ...d, c: open[0]! };
  }

  it('the dialog shows only that field, and names what changed on one side', async () => {
    const { r, c } = await conflicted();
    const view = conflictView(r.store, c);
    expect(view.fields).toEqual(['notes']);
    expect(view.rows).toEqual([{ field: 'notes', mine: 'mijn notitie', theirs: 'hun notitie' }]);
    expect(view.changedHereOnly).toEqual(['discounttype', 'discount', 'lines']);
    expect(view.changedThereOnly).toEqual(['date', 'paymentcondition', 'lines']);
  });

  it('edits made while the conflict waits are kept by the resolution', async () => {
    const { r, q, serverId, c } = await conflicted();
    r.store.quotations.updateHeader(q.id, { reference: { line1: 'Na het conflict' } });
    r.store.conflicts.resolve(c.id, 'take_theirs');
    await r.engine.flush();
    expect(onService(r, serverId)).toMatchObject({ notes: 'hun notitie', reference: { line1: 'Na het conflict' }, discount: 5, date: '2026-02-01' });
  });

  for (const resolution of RESOLUTIONS) {
    it(`${resolution}: the one-sided changes of both sides survive`, async () => {
      const { r, q, serverId, c } = await conflicted();
      r.store.conflicts.resolve(c.id, resolution);
      await r.engine.flush();
      expect(r.store.conflicts.open()).toEqual([]);
      expect(r.store.outbox.pendingCount()).toBe(0);
      const { original, copy } = resolvedRecords(r, q.id, serverId, resolution);
      const oneSided = { date: '2026-02-01', paymentcondition: 'Binnen 14 dagen', discounttype: 'percentage', discount: 5 };
      const lines = ['Advies:3x80', 'Reiskosten:1x25', 'Montage:3x130'];
      for (const rec of [original, copy]) {
        if (!rec) continue;
        expect(rec).toMatchObject(oneSided);
        expect((rec.lines as ServiceLine[]).map(lineText)).toEqual(lines);
      }
      const notes = { keep_mine: ['mijn notitie'], take_theirs: ['hun notitie'], keep_both: ['hun notitie', 'mijn notitie'] }[resolution];
      expect([original.notes, copy?.notes].filter(Boolean)).toEqual(notes);
      // this computer holds what the service holds
      expect(r.store.quotations.get(q.id).content).toMatchObject({ ...oneSided, notes: resolution === 'take_theirs' ? 'hun notitie' : 'mijn notitie' });
      expect(localLines(r, q.id)).toEqual(lines);
      if (resolution === 'keep_both') {
        const twin = r.store.quotations.byServerId(serverId)!;
        expect(twin.content).toMatchObject({ ...oneSided, notes: 'hun notitie' });
        expect(twin.state).toBe('synced');
      }
    });
  }
});

describe('a line changed on both sides', () => {
  async function conflicted() {
    const d = await savedDraft();
    const { r, q, serverId } = d;
    r.store.quotations.updateHeader(q.id, { notes: 'mijn notitie' });
    r.store.quotations.updateLine(q.id, lineId(r, q.id, 'Reiskosten'), { price: 27.5 });
    r.store.quotations.updateLine(q.id, lineId(r, q.id, 'Advies'), { amount: 3 });
    r.store.quotations.addLine(q.id, { description: 'Nazorg', amount: 1, price: 40, tax_rate: 21 });
    changeThere(r, serverId, { date: '2026-02-01' }, (ls) => [
      { description: 'Intake', amount: 1, price: 50, tax_rate: 21 },
      ls[0]!,
      { ...ls[1]!, price: 30 },
      { ...ls[2]!, description: 'Montage en afvoer' },
    ]);
    await r.engine.flush();
    const open = r.store.conflicts.open();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'draft', fields: ['lines'] });
    return { ...d, c: open[0]! };
  }

  it('the dialog shows only that line', async () => {
    const { r, c } = await conflicted();
    const view = conflictView(r.store, c);
    expect(view.fields).toEqual(['lines']);
    expect(view.rows).toEqual([
      {
        field: 'line',
        line: 3,
        mine: { description: 'Reiskosten', amount: 1, price: 27.5, tax_rate: 21 },
        theirs: { description: 'Reiskosten', amount: 1, price: 30, tax_rate: 21 },
      },
    ]);
    expect(view.changedHereOnly).toEqual(['notes', 'lines']);
    expect(view.changedThereOnly).toEqual(['date', 'lines']);
  });

  for (const resolution of RESOLUTIONS) {
    it(`${resolution}: the one-sided line and field changes of both sides survive`, async () => {
      const { r, q, serverId, c } = await conflicted();
      r.store.conflicts.resolve(c.id, resolution);
      await r.engine.flush();
      expect(r.store.conflicts.open()).toEqual([]);
      expect(r.store.outbox.pendingCount()).toBe(0);
      const { original, copy } = resolvedRecords(r, q.id, serverId, resolution);
      const withPrice = (p: number) => ['Intake:1x50', 'Advies:3x80', `Reiskosten:1x${p}`, 'Montage en afvoer:3x120', 'Nazorg:1x40'];
      const expected = { keep_mine: [withPrice(27.5)], take_theirs: [withPrice(30)], keep_both: [withPrice(30), withPrice(27.5)] }[resolution];
      expect([original, copy].filter((x) => x !== null).map((rec) => (rec!.lines as ServiceLine[]).map(lineText))).toEqual(expected);
      for (const rec of [original, copy]) if (rec) expect(rec).toMatchObject({ notes: 'mijn notitie', date: '2026-02-01' });
      expect(localLines(r, q.id)).toEqual(withPrice(resolution === 'take_theirs' ? 30 : 27.5));
    });
  }
});

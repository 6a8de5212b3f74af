// What the conflict dialog is told: only fields changed on both sides since
// the saved version, never the defaults the service filled in, never two
// empties; one row per quotation line that differs.
import { describe, expect, it } from 'vitest';
import { conflictView, QUOTATION_CONFLICT_ORDER } from '../../electron/bridge/to-views';
import { flatten, sameValue, threeWay } from '../../electron/bridge/conflict-rows';
import { QUOTATION_HEADER_FIELDS } from '../../shared/local';
import { rig } from '../sync/helpers';

type Rig = Awaited<ReturnType<typeof rig>>;

/** A draft made here with a few fields, saved (the service fills in its defaults), then changed on both sides. */
async function conflicted(here: (r: Rig, id: string) => void, there: Record<string, unknown>) {
  const r = await rig();
  await r.engine.pull();
  const client = r.store.clients.list()[0]!;
  const q = r.store.quotations.create({ clientId: client.id });
  r.store.quotations.addLine(q.id, { description: 'Werk', amount: 1, price: 100, tax_rate: 21 });
  r.store.quotations.addLine(q.id, { description: 'Meer werk', amount: 2, price: 50, tax_rate: 21 });
  await r.engine.flush();
  const serverId = r.store.quotations.get(q.id).serverId!;
  here(r, q.id);
  r.sb.data.quotations.patch(serverId, there);
  await r.engine.flush();
  const [c] = r.store.conflicts.open();
  expect(c).toBeDefined();
  return { r, q, view: conflictView(r.store, c!), clientName: String(client.fields.company || client.fields.contact) };
}

describe('the conflict view of a draft', () => {
  it('names the fields changed on both sides, and those changed on one side apart', async () => {
    const { view } = await conflicted((r, id) => r.store.quotations.updateHeader(id, { notes: 'Mijn notitie', discounttype: 'percentage', discount: 5 }), {
      notes: 'Hun notitie',
      paymentcondition: 'Hun voorwaarde',
      discounttype: 'percentage',
      discount: 5,
    });
    expect(view.fields).toEqual(['notes']);
    expect(view.rows).toEqual([{ field: 'notes', mine: 'Mijn notitie', theirs: 'Hun notitie' }]);
    // the same change on both sides is no difference; the service's defaults (profile, period, show totals) are no change at all
    expect(view.changedHereOnly).toEqual([]);
    expect(view.changedThereOnly).toEqual(['paymentcondition']);
    expect(view.rows.map((r) => r.field)).not.toContain('reference.line1');
  });

  it('a line changed on both sides gets a row of its own; unchanged lines none', async () => {
    const { view } = await conflicted(
      (r, id) => {
        const line = r.store.quotations.get(id).content.lines[1]!;
        r.store.quotations.updateLine(id, line.id, { price: 55 });
      },
      {
        lines: [
          { amount: 1, description: 'Werk', price: 100, tax_rate: 21 },
          { amount: 3, description: 'Meer werk', price: 50, tax_rate: 21 },
        ],
      },
    );
    expect(view.fields).toEqual(['lines']);
    expect(view.rows).toEqual([
      {
        field: 'line',
        line: 2,
        mine: { amount: 2, description: 'Meer werk', price: 55, tax_rate: 21 },
        theirs: { amount: 3, description: 'Meer werk', price: 50, tax_rate: 21 },
      },
    ]);
  });

  it('a client chosen differently on both sides shows by name', async () => {
    let other = '';
    const { view, clientName } = await conflicted(
      (r, id) => {
        const c = r.store.clients.list()[1]!;
        other = String(c.fields.company || c.fields.contact);
        r.store.quotations.updateHeader(id, { notes: 'x' });
        r.store.quotations.setClient(id, c.id);
      },
      { clientnr: 99_999 },
    );
    expect(view.fields).toContain('client');
    expect(view.rows.find((r) => r.field === 'client')).toEqual({ field: 'client', mine: other, theirs: null });
    expect(other).not.toBe(clientName);
  });
});

describe('comparing versions', () => {
  it('takes empties alike, numbers by value, and a field not set here as unchanged', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, { line1: '', line2: '' })).toBe(true);
    expect(sameValue(5, '5.00')).toBe(true);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue([{ a: 1 }], [{ a: '1' }])).toBe(true);
    // codes and phone numbers are text: a leading zero or a digit too many makes them differ
    expect(sameValue('0612345678', '612345678')).toBe(false);
    expect(sameValue('12345678901234567', '12345678901234568')).toBe(false);
    expect(sameValue('0.50', 0.5)).toBe(true);
    const order = ['profile', 'notes', 'discount'];
    const base = flatten({ profile: 1, notes: 'b', discount: 0 }, order);
    const r = threeWay(base, flatten({ notes: 'b', discount: null }, order), flatten({ profile: 1, notes: 'b', discount: 0 }, order), order);
    expect(r).toEqual({ both: [], changedHereOnly: ['discount'], changedThereOnly: [], rows: [] });
  });

  it('without a base every difference is one to choose from', () => {
    const order = ['a', 'b'];
    expect(threeWay(null, flatten({ a: 1, b: 2 }, order), flatten({ a: 1, b: 3 }, order), order).both).toEqual(['b']);
  });

  it('compares every header field of a quotation', () => {
    const spread = QUOTATION_HEADER_FIELDS.flatMap((f) => (f === 'reference' ? ['reference.line1', 'reference.line2', 'reference.line3'] : [f]));
    expect([...QUOTATION_CONFLICT_ORDER].sort()).toEqual([...spread, 'client', 'lines'].sort());
  });
});

// A number typed as text that is no number ("12x") is never used: the line
// keeps the text as typed and counts nothing for it, a save or a send by the
// person is refused naming the field, and the background's save waits,
// parked without a request, until it is corrected. Against the real core:
// the demo sandbox over HTTP, SQLite on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';
import { formatMessage } from '../../shared/messages';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
});
afterAll(() => t.close());

/** What the sandbox was asked to write to quotations since `from`. */
const quotationWrites = (from: number) =>
  t.core
    .sandbox!.requests()
    .slice(from)
    .filter((r) => r.method !== 'GET' && r.url.includes('/quotations'));

async function draftWithTwoLines() {
  const [client] = (await t.ok('clients.list', {})).items;
  const q = await t.ok('quotations.create', { clientId: client!.id });
  const a = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Voorrijkosten', price: 45, tax_rate: 21 } });
  const b = await t.ok('lines.add', { quotationId: q.id, line: { amount: 1, description: 'Schilderwerk kozijnen', price: 12, tax_rate: 21 } });
  return { id: q.id, a: a.id, b: b.id };
}

describe('a price typed as text that is no number', () => {
  it('is kept as typed and counts for nothing', async () => {
    const { id, b } = await draftWithTwoLines();
    await t.ok('lines.update', { quotationId: id, lineId: b, patch: { price: '12x' } });
    const view = await t.ok('quotations.get', { id });
    expect(view.lines[1]!.price).toBeUndefined();
    expect(view.lines[1]!.typed).toEqual({ price: '12x' });
    // 45 at 21 %: the line of "12x" adds nothing, where 12 would have made it 68.97
    expect(view.totalintax).toBe('54.45');
  });

  it('refuses a save and a send by the person, naming the line and what was typed; the service gets nothing', async () => {
    const { id, b } = await draftWithTwoLines();
    await t.ok('lines.update', { quotationId: id, lineId: b, patch: { price: '12x' } });
    const from = t.core.sandbox!.requests().length;

    const saved = await t.call('quotations.saveToService', { id });
    expect(saved).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        messageKey: 'bridge.quotation_number_unread_save',
        fieldErrors: [{ field: 'lines.1.price', message: 'is not a number: 12x' }],
      },
    });
    if (saved.ok) return;
    expect(formatMessage('bridge.quotation_number_unread_save', saved.error.params ?? {}, 'nl')).toBe(
      'lines.1.price: is not a number: 12x. Verbeter het en sla opnieuw op.',
    );

    const sent = await t.call('quotations.send', { id, sendmethod: 'email' });
    expect(sent).toMatchObject({ ok: false, error: { kind: 'validation', messageKey: 'bridge.quotation_number_unread_send' } });

    await t.core.sync.engine.pushNow();
    expect(quotationWrites(from)).toEqual([]);
    expect((await t.ok('quotations.get', { id })).sent).toBe(false);
  });

  it('keeps the background save waiting, without a request, until it is corrected; then 385 goes', async () => {
    const { id, b } = await draftWithTwoLines();
    // saved once with 12, as the painter's was
    await t.ok('quotations.saveToService', { id });
    await t.core.sync.engine.pushNow();
    const serverId = (await t.ok('quotations.get', { id })).serverId!;
    expect(t.core.sandbox!.data.quotations.get(serverId)!.lines[1]).toMatchObject({ price: 12 });

    await t.ok('lines.update', { quotationId: id, lineId: b, patch: { price: '12x' } });
    const from = t.core.sandbox!.requests().length;
    // left: the draft's save goes as it would by itself
    await t.ok('quotations.leave', { id });
    await t.core.sync.engine.pushNow();
    expect(quotationWrites(from)).toEqual([]);
    const parked = await t.ok('quotations.get', { id });
    expect(parked.fieldErrors).toEqual([{ field: 'lines.1.price', message: 'is not a number: 12x' }]);

    await t.ok('lines.update', { quotationId: id, lineId: b, patch: { price: 385 } });
    await t.ok('quotations.saveToService', { id });
    await t.core.sync.engine.pushNow();
    expect(t.core.sandbox!.data.quotations.get(serverId)!.lines[1]).toMatchObject({ price: 385 });
    const fixed = await t.ok('quotations.get', { id });
    expect(fixed.fieldErrors).toEqual([]);
    expect(fixed.lines[1]!.typed).toBeUndefined();
  });

  it('in the header too: a discount typed as text is none, and refused on save', async () => {
    const { id } = await draftWithTwoLines();
    await t.ok('quotations.update', { id, patch: { discounttype: 'amount', discount: '10 eu' } });
    const view = await t.ok('quotations.get', { id });
    expect(view.discount).toBeNull();
    expect(view.typed).toEqual({ discount: '10 eu' });
    expect(view.totalintax).toBe('68.97');
    const saved = await t.call('quotations.saveToService', { id });
    expect(saved).toMatchObject({ ok: false, error: { fieldErrors: [{ field: 'discount', message: 'is not a number: 10 eu' }] } });
  });
});

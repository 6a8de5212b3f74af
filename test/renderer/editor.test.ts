import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../renderer/bridge';
import { useEditorStore } from '../../renderer/stores/editor';
import { useSyncStore } from '../../renderer/stores/sync';
import { nextTick, toRaw } from 'vue';
import { FakeBridge } from './fake-bridge';
import type { ProductView } from '../../shared/bridge';

let fake: FakeBridge;

beforeEach(() => {
  vi.useFakeTimers();
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
});

afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

async function openWith(lines: Parameters<FakeBridge['addQuotation']>[0] = []) {
  const q = fake.addQuotation(lines);
  const editor = useEditorStore();
  await editor.open(q.id);
  return { q, editor };
}

describe('editor store', () => {
  it('shows nothing of the quotation open before while the next one is read', async () => {
    const { q: first, editor } = await openWith([{ amount: 1, price: 10, tax_rate: 21, description: 'Eerste' }]);
    expect(editor.view?.id).toBe(first.id);
    const second = fake.addQuotation([{ amount: 1, price: 20, tax_rate: 21, description: 'Tweede' }]);
    fake.gate = new Promise<void>(() => {});
    const opening = editor.open(second.id);
    await vi.advanceTimersByTimeAsync(10);
    // the read of the second one waits: the first is no longer there to be read or typed into
    expect(editor.view).toBeNull();
    expect(editor.loading).toBe(true);
    fake.gate = null;
    void opening;
  });

  it('re-computes totals at once and writes a burst of keystrokes as one update', async () => {
    const { q, editor } = await openWith([{ amount: 2, price: 10, tax_rate: 21, description: 'Brood' }]);
    const lineId = editor.lines[0]!.id;
    expect(editor.totals?.totalintax).toBe('24.20');
    for (const price of [1, 12, 12.5]) editor.updateLine(lineId, { price });
    // typing never waits for the bridge: the totals are already new
    expect(editor.totals?.subtotal).toBe('25.00');
    expect(editor.totals?.totalintax).toBe('30.25');
    expect(editor.saveState).toBe('pending');
    expect(fake.callsOf('lines.update')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(fake.callsOf('lines.update')).toEqual([{ op: 'lines.update', input: { quotationId: q.id, lineId, patch: { price: 12.5 } } }]);
    expect(editor.saveState).toBe('saved');
    expect(fake.quotations.get(q.id)!.lines[0]!.price).toBe(12.5);
  });

  it('keeps a value the spec refuses in the draft', async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 1, tax_rate: 21 }]);
    editor.updateLine(editor.lines[0]!.id, { price: 1.2345, description: 'x'.repeat(300) });
    await editor.flush();
    expect(fake.quotations.get(q.id)!.lines[0]).toMatchObject({ price: 1.2345, description: 'x'.repeat(300) });
  });

  it('merges reference lines and fields of the draft into one write', async () => {
    const { q, editor } = await openWith();
    editor.setReference('line1', 'Project A');
    editor.setReference('line2', 'Fase 1');
    editor.setField('discounttype', 'percentage');
    editor.setField('discount', 10);
    await vi.advanceTimersByTimeAsync(300);
    expect(fake.callsOf('quotations.update').map((c) => c.input)).toEqual([
      { id: q.id, patch: { reference: { line1: 'Project A', line2: 'Fase 1' }, discounttype: 'percentage', discount: 10 } },
    ]);
  });

  it('shows the due date from date and period', async () => {
    const { editor } = await openWith();
    editor.setField('date', '2026-12-30');
    editor.setField('quotationperiod', 5);
    expect(editor.datedue).toBe('2027-01-04');
  });

  it('keeps a failed write and retries it, newer edits on top', async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 1, tax_rate: 21 }]);
    const lineId = editor.lines[0]!.id;
    fake.failNext('lines.update', { kind: 'storage', messageKey: 'bridge.storage', message: 'database busy', params: { detail: 'database busy' } });
    editor.updateLine(lineId, { price: 5 });
    await vi.advanceTimersByTimeAsync(300);
    expect(editor.saveState).toBe('error');
    expect(editor.saveError?.message).toBe('database busy');
    editor.updateLine(lineId, { amount: 3 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(editor.saveState).toBe('saved');
    expect(fake.quotations.get(q.id)!.lines[0]).toMatchObject({ price: 5, amount: 3 });
  });

  it('adds a product line with the price including tax for an intax client', async () => {
    const q = fake.addQuotation([], { taxType: 'intax' });
    const editor = useEditorStore();
    await editor.open(q.id);
    const product: ProductView = {
      id: 7,
      localId: 'p-7',
      state: 'synced',
      code: 'BR01',
      name: 'Brood',
      price: 10,
      taxes: 9,
      priceintax: null,
      notes: '',
      stock: false,
      stock_use: false,
    };
    fake.products.push(product);
    const line = await editor.addLine('priced', undefined, product);
    expect(line).toMatchObject({ description: 'Brood', price: 10.9, tax_rate: 9, amount: 1 });
    expect(fake.callsOf('lines.add')[0]!.input).toMatchObject({ fromProductId: 7 });
    expect(editor.lines.map((l) => l.id)).toEqual([line!.id]);
  });

  it('keeps two lines added in quick succession in the order they were asked for', async () => {
    const { q, editor } = await openWith([{ description: 'A', amount: 1, price: 1 }]);
    // the second is asked for before the first is back (Enter, then Alt+T at once)
    const [b, c] = await Promise.all([editor.addLine('priced'), editor.addLine('priced')]);
    const order = [editor.lines[0]!.id, b!.id, c!.id];
    expect(editor.lines.map((l) => l.id)).toEqual(order);
    expect(fake.quotations.get(q.id)!.lines.map((l) => l.id)).toEqual(order);
  });

  it('adds, duplicates, moves and removes lines in order, after pending edits', async () => {
    const { q, editor } = await openWith([{ description: 'A', amount: 1, price: 1 }]);
    const a = editor.lines[0]!.id;
    editor.updateLine(a, { price: 2 });
    const text = await editor.addLine('text');
    // the pending edit went out before the structural change
    expect(fake.calls.map((c) => c.op).slice(-2)).toEqual(['lines.update', 'lines.add']);
    const copy = await editor.duplicateLine(a);
    expect(editor.lines.map((l) => l.id)).toEqual([a, copy!.id, text!.id]);
    await editor.moveLine(text!.id, 0);
    expect(editor.lines.map((l) => l.id)).toEqual([text!.id, a, copy!.id]);
    expect(fake.quotations.get(q.id)!.lines.map((l) => l.id)).toEqual([text!.id, a, copy!.id]);
    await editor.removeLine(a);
    expect(editor.lines.map((l) => l.id)).toEqual([text!.id, copy!.id]);
    expect(fake.quotations.get(q.id)!.lines.map((l) => l.id)).toEqual([text!.id, copy!.id]);
  });

  it('puts the field errors of a refused save on the line they name', async () => {
    const { editor } = await openWith([
      { amount: 1, price: 1 },
      { amount: 1, price: 1.2345 },
    ]);
    fake.failNext('quotations.saveToService', {
      kind: 'validation',
      messageKey: 'bridge.validation',
      message: 'lines.1.price: at most 3 decimals',
      params: { detail: 'lines.1.price: at most 3 decimals' },
      fieldErrors: [{ field: 'lines.1.price', message: 'at most 3 decimals' }],
    });
    const r = await editor.saveToService();
    expect(r).toBeNull();
    expect(editor.actionError?.kind).toBe('validation');
    const second = editor.lines[1]!.id;
    expect(editor.serverProblems.get(`line:${second}:price`)).toMatchObject({ code: 'maxDecimals' });
    // editing the field clears the service's complaint about it
    editor.updateLine(second, { price: 1.23 });
    expect(editor.serverProblems.has(`line:${second}:price`)).toBe(false);
  });

  it('says whether a save goes out now or when back online', async () => {
    const { editor } = await openWith();
    fake.online = false;
    await editor.saveToService();
    expect(editor.notice).toEqual({ action: 'save', when: 'when_online' });
    fake.online = true;
    await editor.send('email');
    expect(editor.notice).toEqual({ action: 'send', when: 'now' });
    expect(fake.callsOf('quotations.send')[0]!.input).toMatchObject({ sendmethod: 'email' });
  });

  it('drops the "when back online" notice once the connection is back and the outbox is empty', async () => {
    const sync = useSyncStore();
    await sync.start();
    const { editor } = await openWith();
    fake.online = false;
    await editor.saveToService();
    const status = {
      online: false,
      pending: 1,
      parked: 0,
      conflicts: 0,
      lastSyncAt: null,
      incomplete: [],
      pulling: null,
      budget: null,
      nextTry: null,
      account: 'demo' as const,
    };
    fake.emit('sync.status', status);
    await nextTick();
    expect(editor.notice).toEqual({ action: 'save', when: 'when_online' });
    fake.emit('sync.status', { ...status, online: true, pending: 1 });
    await nextTick();
    expect(editor.notice).toEqual({ action: 'save', when: 'when_online' });
    fake.emit('sync.status', { ...status, online: true, pending: 0 });
    await nextTick();
    expect(editor.notice).toBeNull();
  });

  it('reloads on a change behind its back, but not over unwritten edits', async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 1 }]);
    const lineId = editor.lines[0]!.id;
    editor.updateLine(lineId, { price: 9 });
    // the service side changed something else meanwhile
    fake.quotations.get(q.id)!.serverId = 555;
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.lines[0]!.price).toBe(9);
    await vi.advanceTimersByTimeAsync(300);
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.view?.serverId).toBe(555);
    expect(editor.lines[0]!.price).toBe(9);
  });

  it('keeps the objects of what a reload did not change, so nothing on screen re-renders for it', async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 10, tax_rate: 21 }, { amount: 2, price: 5, tax_rate: 9 }, { description: 'tekst' }]);
    const lines = toRaw(editor.lines);
    const objects = [...lines];
    const totals = editor.totals;
    const problems = editor.serverProblems;
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.callsOf('quotations.get')).toHaveLength(2);
    expect(toRaw(editor.lines)).toBe(lines);
    expect(toRaw(editor.lines).every((l, i) => l === objects[i])).toBe(true);
    expect(editor.totals).toBe(totals);
    expect(editor.serverProblems).toBe(problems);

    // a field changed on the other side: same line object, new value, totals follow
    const stored = fake.quotations.get(q.id)!;
    stored.lines[1]!.price = 7;
    delete stored.lines[1]!.tax_rate;
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(0);
    expect(toRaw(editor.lines)[1]).toBe(objects[1]);
    expect(editor.lines[1]).toEqual({ id: stored.lines[1]!.id, amount: 2, price: 7 });
    expect(editor.totals?.subtotal).toBe('24.00');
    expect(editor.totals?.taxes.map((t) => t.rate)).toEqual(['0', '21']);

    // a line gone and one added there: a new list, the others kept
    const [first, , text] = stored.lines;
    stored.lines = [text!, { id: 'l-new', amount: 1, price: 1, tax_rate: 21 }, first!];
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.lines.map((l) => l.id)).toEqual([text!.id, 'l-new', first!.id]);
    expect(toRaw(editor.lines)[0]).toBe(objects[2]);
    expect(toRaw(editor.lines)[2]).toBe(objects[0]);
    expect(editor.totals?.subtotal).toBe('11.00');
    expect(editor.totals).toBe(totals);
  });

  it('updates the one totals object in place while typing', async () => {
    const { editor } = await openWith([
      { amount: 1, price: 10, tax_rate: 21 },
      { amount: 1, price: 10, tax_rate: 9 },
    ]);
    const totals = editor.totals;
    const lineId = editor.lines[0]!.id;
    for (const price of [1, 12, 123]) {
      editor.updateLine(lineId, { price });
      expect(editor.totals).toBe(totals);
      expect(editor.totals?.subtotal).toBe(`${price + 10}.00`);
    }
    editor.updateLine(lineId, { tax_rate: null });
    expect(editor.totals?.taxes.map((t) => t.rate)).toEqual(['0', '9']);
    editor.setField('discounttype', 'amount');
    editor.setField('discount', 3);
    expect(editor.totals?.discount).toBe('3.00');
    await editor.removeLine(lineId);
    expect(editor.totals?.subtotal).toBe('10.00');
  });

  it('writes a line at once when its field is left, without waiting for the pause', async () => {
    const g = globalThis as { document?: unknown; window?: unknown };
    const page = { document: new EventTarget(), window: new EventTarget() };
    Object.assign(g, page);
    try {
      const { q, editor } = await openWith([{ amount: 1, price: 1, tax_rate: 21 }]);
      editor.updateLine(editor.lines[0]!.id, { price: 7 });
      page.document.dispatchEvent(new Event('focusout'));
      await vi.advanceTimersByTimeAsync(0);
      expect(fake.callsOf('lines.update')).toHaveLength(1);
      expect(fake.quotations.get(q.id)!.lines[0]!.price).toBe(7);
      editor.updateLine(editor.lines[0]!.id, { price: 8 });
      page.window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
      expect(fake.quotations.get(q.id)!.lines[0]!.price).toBe(8);
    } finally {
      delete g.document;
      delete g.window;
    }
  });

  it('ignores edits to a sent quotation', async () => {
    const q = fake.addQuotation([{ amount: 1, price: 1 }], { sent: true, readOnly: true, state: 'sent' });
    const editor = useEditorStore();
    await editor.open(q.id);
    editor.updateLine(editor.lines[0]!.id, { price: 3 });
    await vi.advanceTimersByTimeAsync(300);
    expect(fake.callsOf('lines.update')).toHaveLength(0);
  });
});

describe('editor store, quick moves', () => {
  it('keeps the order of moves made faster than the bridge answers', async () => {
    vi.useRealTimers();
    const { q, editor } = await openWith([{ description: 'A' }, { description: 'B' }, { description: 'C' }]);
    const [a, b, c] = editor.lines.map((l) => l.id) as [string, string, string];
    const releases: Array<() => void> = [];
    fake.holds = [0, 1].map(() => new Promise<void>((r) => releases.push(r)));
    const first = editor.moveLine(c, 1);
    const second = editor.moveLine(c, 0);
    expect(editor.lines.map((l) => l.id)).toEqual([c, a, b]);
    // the first answer arrives while the second move is still on its way
    releases[0]!();
    await first;
    expect(editor.lines.map((l) => l.id)).toEqual([c, a, b]);
    releases[1]!();
    await second;
    expect(editor.lines.map((l) => l.id)).toEqual([c, a, b]);
    expect(fake.quotations.get(q.id)!.lines.map((l) => l.id)).toEqual([c, a, b]);
  });
});

describe('editor store, leaving a draft', () => {
  it('typing asks for no save; leaving writes the edits first, then asks once', async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 10, tax_rate: 21 }]);
    const lineId = editor.lines[0]!.id;
    for (const price of [11, 12, 13]) {
      editor.updateLine(lineId, { price });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(fake.callsOf('lines.update')).toHaveLength(3);
    expect(fake.callsOf('quotations.leave')).toHaveLength(0);
    expect(fake.callsOf('quotations.saveToService')).toHaveLength(0);
    editor.updateLine(lineId, { price: 14 });
    await editor.close();
    const ops = fake.calls.map((c) => c.op).filter((op) => op === 'lines.update' || op === 'quotations.leave');
    expect(ops.slice(-2)).toEqual(['lines.update', 'quotations.leave']);
    expect(fake.callsOf('quotations.leave')).toEqual([{ op: 'quotations.leave', input: { id: q.id } }]);
  });

  it('leaves the previous draft when another one is opened, and asks nothing for a sent one', async () => {
    const { q, editor } = await openWith();
    const other = fake.addQuotation([]);
    await editor.open(other.id);
    expect(fake.callsOf('quotations.leave').map((c) => c.input)).toEqual([{ id: q.id }]);
    fake.quotations.get(other.id)!.readOnly = true;
    await editor.reload();
    await editor.close();
    expect(fake.callsOf('quotations.leave')).toHaveLength(1);
  });
});

describe('editor store, changes behind its back', () => {
  it("reads the quotation again on a records.changed that names it or all, not on the outbox's counts", async () => {
    const { q, editor } = await openWith([{ amount: 1, price: 10, tax_rate: 21, description: 'Werk' }]);
    const gets = () => fake.callsOf('quotations.get').length;
    const before = gets();
    // the counts move, but nothing says this quotation changed
    fake.emit('sync.status', {
      online: true,
      pending: 0,
      parked: 1,
      conflicts: 1,
      lastSyncAt: null,
      incomplete: [],
      pulling: null,
      budget: null,
      nextTry: null,
      account: 'demo',
    });
    fake.emit('records.changed', { entity: 'quotation', ids: ['someone-else'] });
    await vi.advanceTimersByTimeAsync(10);
    expect(gets()).toBe(before);
    // a push gave it the service's number
    fake.quotations.get(q.id)!.serverId = 4711;
    fake.quotations.get(q.id)!.state = 'saved';
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(10);
    expect(gets()).toBe(before + 1);
    expect(editor.view).toMatchObject({ serverId: 4711, state: 'saved' });
    fake.emit('records.changed', { entity: 'quotation', ids: 'all' });
    await vi.advanceTimersByTimeAsync(10);
    expect(gets()).toBe(before + 2);
  });
});

describe('editor store, a quotation opened', () => {
  it('tells the main process once per opening, without waiting for it, and not on a read again', async () => {
    // the answer never comes: the editor does not wait for it
    fake.handle('records.opened', () => {
      throw new Error('not answered');
    });
    const { q, editor } = await openWith([{ amount: 1, price: 10, tax_rate: 21, description: 'Werk' }]);
    expect(editor.view?.id).toBe(q.id);
    expect(fake.callsOf('records.opened').map((c) => c.input)).toEqual([{ kind: 'quotation', id: q.id }]);
    // its copy read again after a change: no second opening
    fake.emit('records.changed', { entity: 'quotation', ids: [q.id] });
    await vi.advanceTimersByTimeAsync(10);
    await editor.reload();
    expect(fake.callsOf('quotations.get').length).toBeGreaterThan(1);
    expect(fake.callsOf('records.opened')).toHaveLength(1);
    // another quotation, then back: each is an opening
    const other = fake.addQuotation();
    await editor.open(other.id);
    await editor.open(q.id);
    expect(fake.callsOf('records.opened').map((c) => c.input)).toEqual([
      { kind: 'quotation', id: q.id },
      { kind: 'quotation', id: other.id },
      { kind: 'quotation', id: q.id },
    ]);
  });

  it('opens the quotation while the main process is still reading it again', async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    const q = fake.addQuotation([{ amount: 1, price: 10, tax_rate: 21, description: 'Werk' }]);
    // the first call (records.opened) is held; the quotation's read is not
    fake.holds.push(held);
    const editor = useEditorStore();
    await editor.open(q.id);
    expect(editor.view?.id).toBe(q.id);
    expect(editor.loading).toBe(false);
    answer();
  });
});

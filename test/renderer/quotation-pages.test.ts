// The quotation list's store reads the pages of the rows in view, and only
// those again when quotations change; a new search or chip starts from the
// first page and drops answers it made stale.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { setBridge } from '../../renderer/bridge';
import { PAGE_SIZE, useQuotationsStore } from '../../renderer/stores/quotations';
import { FakeBridge } from './fake-bridge';

let fake: FakeBridge;
let ids: string[];

beforeEach(() => {
  fake = new FakeBridge();
  setBridge(fake);
  setActivePinia(createPinia());
  ids = Array.from({ length: 1000 }, (_, i) => fake.addQuotation([], { state: i % 4 === 0 ? 'sent' : 'local' }).id);
});

afterEach(() => {
  setBridge(null);
});

const offsets = () => fake.callsOf('quotations.list').map((c) => (c.input as { offset: number }).offset);

describe('the quotation list a page at a time', () => {
  it('reads the first page, then the pages that come into view, each once', async () => {
    const store = useQuotationsStore();
    await store.load();
    expect(offsets()).toEqual([0]);
    expect(store.total).toBe(1000);
    expect(store.counts).toEqual({ all: 1000, drafts: 750, sent: 250, attention: 0 });
    expect(store.rowAt(0)).toBeDefined();
    expect(store.rowAt(PAGE_SIZE)).toBeUndefined();
    // rows 480 to 530 in view: pages 4 and 5
    await store.show(480, 530);
    expect(offsets()).toEqual([0, 400, 500]);
    expect(store.rowAt(480)!.id).toBe(ids[480]);
    expect(store.rowAt(599)!.id).toBe(ids[599]);
    await store.show(490, 540);
    expect(offsets()).toEqual([0, 400, 500]);
  });

  it('reads again only the pages in view when quotations change', async () => {
    const store = useQuotationsStore();
    await store.load();
    await store.show(750, 790);
    fake.calls.length = 0;
    fake.emit('records.changed', { entity: 'quotation', ids: 'all' });
    await new Promise((r) => setTimeout(r, 0));
    await store.load();
    expect(new Set(offsets())).toEqual(new Set([700]));
    // the pages out of view are forgotten, and read when they come back
    expect(store.rowAt(0)).toBeUndefined();
    await store.show(0, 30);
    expect(offsets()).toContain(0);
  });

  it('starts again from the first page on a new chip, and drops what the old one answered', async () => {
    const store = useQuotationsStore();
    await store.load();
    await store.show(900, 950);
    fake.calls.length = 0;
    store.filter = 'sent';
    await nextTick();
    await new Promise((r) => setTimeout(r, 0));
    expect(fake.callsOf('quotations.list').map((c) => c.input)).toEqual([{ offset: 0, limit: PAGE_SIZE, filter: 'sent' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.total).toBe(250);
    expect(store.rowAt(900)).toBeUndefined();
    expect(store.items.every((q) => q.state === 'sent')).toBe(true);
  });
});

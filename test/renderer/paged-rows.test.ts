// A long list read a page at a time (the client and product lists): the
// first page, then each page that comes into view once; a reload reads only
// the pages in view; a new search starts from the first page and drops the
// answers of the one before; a failed read is said and nothing shown is lost,
// and a page in view whose read failed is read again a few times.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE, pagedRows } from '../../renderer/lib/paged-rows';

/** A list of `n` rows answered by a read that records its offsets; `hold` keeps answers back until released. */
function list(n: number) {
  const offsets: number[] = [];
  let rows = Array.from({ length: n }, (_, i) => `row ${i}`);
  let held: Array<() => void> | null = null;
  let fail: Error | null = null;
  const read = async (offset: number, limit: number) => {
    offsets.push(offset);
    const answer = { items: rows.slice(offset, offset + limit), total: rows.length };
    if (held) await new Promise<void>((r) => held!.push(r));
    if (fail) throw fail;
    return answer;
  };
  return {
    offsets,
    read,
    set: (next: string[]) => (rows = next),
    hold: () => (held = []),
    /** lets the held answers come, the last asked first */
    release: async () => {
      const h = held ?? [];
      held = null;
      for (const r of h.reverse()) {
        r();
        await new Promise((t) => setTimeout(t, 0));
      }
    },
    failWith: (e: Error | null) => (fail = e),
  };
}

describe('a list read a page at a time', () => {
  it('reads the first page, then each page that comes into view once', async () => {
    const l = list(1000);
    const rows = pagedRows(l.read);
    await rows.reload();
    expect(l.offsets).toEqual([0]);
    expect(rows.total.value).toBe(1000);
    expect(rows.rowAt(0)).toBe('row 0');
    expect(rows.rowAt(PAGE_SIZE)).toBeUndefined();
    await rows.show(480, 530);
    expect(l.offsets).toEqual([0, 400, 500]);
    expect(rows.rowAt(599)).toBe('row 599');
    await rows.show(490, 540);
    expect(l.offsets).toEqual([0, 400, 500]);
    // past the end: nothing to read
    await rows.show(1000, 1010);
    expect(l.offsets).toEqual([0, 400, 500]);
  });

  it('reads again only the pages in view when the records change, and forgets the others', async () => {
    const l = list(1000);
    const rows = pagedRows(l.read);
    await rows.reload();
    await rows.show(750, 790);
    l.offsets.length = 0;
    l.set(Array.from({ length: 1000 }, (_, i) => `changed ${i}`));
    await rows.reload();
    expect(l.offsets).toEqual([700]);
    expect(rows.rowAt(750)).toBe('changed 750');
    // the first page was out of view: it is read again when it comes back
    expect(rows.rowAt(0)).toBeUndefined();
    await rows.show(0, 20);
    expect(rows.rowAt(0)).toBe('changed 0');
  });

  it('drops pages past a shorter list', async () => {
    const l = list(450);
    const rows = pagedRows(l.read);
    await rows.reload();
    await rows.show(400, 450);
    l.set(Array.from({ length: 120 }, (_, i) => `left ${i}`));
    await rows.show(100, 120);
    await rows.reload();
    expect(rows.total.value).toBe(120);
    expect(rows.rowAt(400)).toBeUndefined();
    expect(rows.rowAt(119)).toBe('left 119');
  });

  it('starts a new search from the first page, and drops the answers of the one before', async () => {
    const l = list(1000);
    const rows = pagedRows(l.read);
    await rows.reload();
    l.hold();
    const stale = rows.show(300, 320);
    l.set(['only match']);
    const fresh = rows.restart();
    // the new search's answer comes first, the old one's after it
    await l.release();
    await Promise.all([stale, fresh]);
    expect(rows.total.value).toBe(1);
    expect(rows.rowAt(0)).toBe('only match');
    expect(rows.rowAt(300)).toBeUndefined();
  });

  it('says a failed read, and keeps the rows it showed', async () => {
    const l = list(300);
    const rows = pagedRows(l.read);
    await rows.reload();
    l.failWith(Object.assign(new Error('offline'), { kind: 'offline' }));
    await rows.reload();
    expect(rows.error.value).not.toBeNull();
    expect(rows.rowAt(5)).toBe('row 5');
    l.failWith(null);
    await rows.reload();
    expect(rows.error.value).toBeNull();
  });

  afterEach(() => vi.useRealTimers());

  it('reads a page in view again after its read failed, a few times with longer pauses, and not once it is out of view', async () => {
    vi.useFakeTimers();
    const l = list(3000);
    const rows = pagedRows(l.read);
    await rows.reload();
    l.failWith(new Error('busy'));
    await rows.show(2950, 3000);
    expect(rows.rowAt(2999)).toBeUndefined();
    expect(rows.error.value).not.toBeNull();
    l.offsets.length = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(l.offsets).toEqual([2900]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(l.offsets).toEqual([2900, 2900]);
    l.failWith(null);
    await vi.advanceTimersByTimeAsync(4000);
    expect(rows.rowAt(2999)).toBe('row 2999');
    expect(rows.error.value).toBeNull();
    // a page whose reads keep failing is tried five times, then waits for the person or a change of the records
    l.failWith(new Error('busy'));
    await rows.show(1000, 1050);
    l.offsets.length = 0;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(l.offsets).toEqual([1000, 1000, 1000, 1000, 1000]);
    // out of view, a failed page is not read again
    await rows.show(2000, 2050);
    await rows.show(0, 20);
    l.offsets.length = 0;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(l.offsets).toEqual([]);
  });
});

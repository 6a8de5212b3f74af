import { describe, expect, it } from 'vitest';
import { pageThrough } from '../../electron/api/paging';

function list(n: number, opts: { ignoreStart?: boolean; ignoreCount?: boolean; failAt?: number } = {}) {
  const asked: number[] = [];
  const fetchPage = async ({ count, start }: { count: number; start: number }) => {
    asked.push(start);
    await new Promise((r) => setTimeout(r, 1));
    if (opts.failAt === start) throw new Error(`page at ${start} failed`);
    const from = opts.ignoreStart ? 0 : start;
    const to = opts.ignoreCount ? n : Math.min(n, from + count);
    return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i + 1);
  };
  return { asked, fetchPage };
}

async function collect<T>(gen: AsyncIterable<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const p of gen) pages.push(p);
  return pages;
}

const id = (r: number) => r;
const repeat = () => new Error('the same page twice');

describe('pageThrough', () => {
  it('reads every row in order, stopping at the short page, with one page asked ahead', async () => {
    const l = list(23);
    const pages = await collect(pageThrough(l.fetchPage, 5, 0, id, repeat));
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(l.asked).toEqual([0, 5, 10, 15, 20, 25]);
  });

  it('ends on an empty page when the list is a multiple of the page size', async () => {
    const l = list(10);
    expect((await collect(pageThrough(l.fetchPage, 5, 0, id, repeat))).map((p) => p.length)).toEqual([5, 5]);
    expect(l.asked).toEqual([0, 5, 10, 15]);
    expect(await collect(pageThrough(list(0).fetchPage, 5, 0, id, repeat))).toEqual([]);
  });

  it('starts where asked', async () => {
    const l = list(12);
    expect((await collect(pageThrough(l.fetchPage, 5, 4, id, repeat))).flat()).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('takes a page longer than asked as the whole list', async () => {
    const l = list(8, { ignoreCount: true });
    expect(await collect(pageThrough(l.fetchPage, 5, 0, id, repeat))).toEqual([[1, 2, 3, 4, 5, 6, 7, 8]]);
  });

  it('stops with an error when the service ignores start', async () => {
    const l = list(20, { ignoreStart: true });
    await expect(collect(pageThrough(l.fetchPage, 5, 0, id, repeat))).rejects.toThrow('the same page twice');
  });

  it('passes a failed page on, and drops what was asked ahead without an unhandled rejection', async () => {
    const l = list(30, { failAt: 5 });
    await expect(collect(pageThrough(l.fetchPage, 5, 0, id, repeat))).rejects.toThrow('page at 5 failed');
    const early = list(30, { failAt: 5 });
    for await (const page of pageThrough(early.fetchPage, 5, 0, id, repeat)) {
      expect(page).toHaveLength(5);
      break; // the page at 5 was asked ahead and fails unwatched
    }
    await new Promise((r) => setTimeout(r, 10));
    expect(early.asked).toEqual([0, 5]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagingFacts, pageThrough, type Walk } from '../../electron/api/paging';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';

/** A list of rows 1..n; `cap` gives at most that many rows a page whatever count asks. */
function list(n: number, opts: { ignoreStart?: boolean; ignoreCount?: boolean; cap?: number; failAt?: number; delayMs?: number } = {}) {
  const asked: number[] = [];
  const counts: number[] = [];
  const fetchPage = async ({ count, start }: { count: number; start: number }) => {
    asked.push(start);
    counts.push(count);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 1));
    if (opts.failAt === start) throw new Error(`page at ${start} failed`);
    const from = opts.ignoreStart ? 0 : start;
    const to = opts.ignoreCount ? n : Math.min(n, from + Math.min(count, opts.cap ?? Infinity));
    return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i + 1);
  };
  return { asked, counts, fetchPage };
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function collect<T>(gen: AsyncIterable<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const p of gen) pages.push(p);
  return pages;
}

/** Runs `fn` and gives the rejections nobody handled meanwhile. */
async function unhandledDuring(fn: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await fn();
    // unhandled rejections are reported after the microtask queue drains
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const id = (r: number) => r;

describe('pageThrough', () => {
  it('reads every row in order with one request per page, nothing after the short page', async () => {
    const l = list(23);
    const pages = await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id }));
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(l.asked).toEqual([0, 5, 10, 15, 20]);
  });

  it('ends on one empty page when the list is a multiple of the page size', async () => {
    const l = list(10);
    expect((await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id }))).map((p) => p.length)).toEqual([5, 5]);
    expect(l.asked).toEqual([0, 5, 10]);
    const empty = list(0);
    expect(await collect(pageThrough(empty.fetchPage, { pageSize: 5, identity: id }))).toEqual([]);
    expect(empty.asked).toEqual([0]);
  });

  it('asks for the next page while the caller is still busy with a full one', async () => {
    const l = list(12);
    const askedWhenHanded: number[][] = [];
    for await (const _page of pageThrough(l.fetchPage, { pageSize: 5, identity: id })) askedWhenHanded.push([...l.asked]);
    expect(askedWhenHanded).toEqual([
      [0, 5],
      [0, 5, 10],
      [0, 5, 10],
    ]);
  });

  it('starts where asked', async () => {
    const l = list(12);
    expect((await collect(pageThrough(l.fetchPage, { pageSize: 5, start: 4, identity: id }))).flat()).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(l.asked).toEqual([4, 9]);
  });

  it('takes a page longer than asked as the whole list', async () => {
    const l = list(8, { ignoreCount: true });
    expect(await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id }))).toEqual([[1, 2, 3, 4, 5, 6, 7, 8]]);
    expect(l.asked).toEqual([0]);
  });

  it('ends cleanly, not complete, when the service ignores start after a full page', async () => {
    const l = list(20, { ignoreStart: true });
    const walk = pageThrough(l.fetchPage, { pageSize: 5, identity: id });
    expect(await collect(walk)).toEqual([[1, 2, 3, 4, 5]]);
    expect(l.asked).toEqual([0, 5]);
    expect(walk.complete).toBe(false);
  });

  it('reports a page asked ahead that failed only when the caller gets to it', async () => {
    const l = list(30, { failAt: 5 });
    const got: number[] = [];
    let error: unknown;
    const unhandled = await unhandledDuring(async () => {
      try {
        for await (const page of pageThrough(l.fetchPage, { pageSize: 5, identity: id })) {
          got.push(...page);
          // the page at 5 fails while the caller is busy elsewhere
          await sleep(15);
        }
      } catch (e) {
        error = e;
      }
    });
    expect(unhandled).toEqual([]);
    expect(got).toEqual([1, 2, 3, 4, 5]);
    expect((error as Error).message).toBe('page at 5 failed');
    expect(l.asked).toEqual([0, 5]);
  });

  it('drops a failed page asked ahead silently when the caller stops first', async () => {
    const l = list(30, { failAt: 5 });
    const unhandled = await unhandledDuring(async () => {
      for await (const page of pageThrough(l.fetchPage, { pageSize: 5, identity: id })) {
        expect(page).toHaveLength(5);
        await sleep(15);
        break;
      }
    });
    expect(unhandled).toEqual([]);
    expect(l.asked).toEqual([0, 5]);
  });

  it('without asking ahead, stopping after a page costs no further request', async () => {
    const l = list(30);
    for await (const page of pageThrough(l.fetchPage, { pageSize: 5, identity: id, ahead: false })) {
      expect(l.asked).toEqual([0]);
      expect(page[0]).toBe(1);
      break;
    }
    await sleep(10);
    expect(l.asked).toEqual([0]);
    const whole = list(12);
    expect((await collect(pageThrough(whole.fetchPage, { pageSize: 5, identity: id, ahead: false }))).flat()).toHaveLength(12);
    expect(whole.asked).toEqual([0, 5, 10]);
  });
});

describe('pageThrough with pages that look full before they are read', () => {
  /** A list whose fetcher says "looks full" as the answer arrives, then takes a while to parse it. */
  function early(n: number, opts: { claimFull?: boolean; failAt?: number } = {}) {
    const events: string[] = [];
    const fetchPage = async ({ count, start }: { count: number; start: number }, looksFull?: () => void) => {
      events.push(`ask ${start}`);
      await sleep(1);
      if (opts.failAt === start) throw new Error(`page at ${start} failed`);
      const rows = Array.from({ length: Math.max(0, Math.min(n, start + count) - start) }, (_, i) => start + i + 1);
      if (looksFull && (rows.length === count || opts.claimFull)) looksFull();
      await sleep(5);
      events.push(`read ${start}`);
      return rows;
    };
    return { events, fetchPage };
  }

  it('asks for the next page while the one that looks full is still being read', async () => {
    const l = early(12);
    const pages = await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id }));
    expect(pages.flat()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(l.events.indexOf('ask 5')).toBeLessThan(l.events.indexOf('read 0'));
    expect(l.events.indexOf('ask 10')).toBeLessThan(l.events.indexOf('read 5'));
    expect(l.events.filter((e) => e.startsWith('ask'))).toEqual(['ask 0', 'ask 5', 'ask 10']);
  });

  it('a page that only looked full costs one request nobody reads, and the rows are right', async () => {
    const l = early(7, { claimFull: true });
    const unhandled = await unhandledDuring(async () => {
      expect((await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id }))).flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
    expect(unhandled).toEqual([]);
    expect(l.events.filter((e) => e.startsWith('ask'))).toEqual(['ask 0', 'ask 5', 'ask 10']);
  });

  it('a failed page asked early is reported when reached, and nothing is unhandled', async () => {
    const l = early(20, { failAt: 10 });
    const got: number[] = [];
    const unhandled = await unhandledDuring(async () => {
      await expect(
        (async () => {
          for await (const page of pageThrough(l.fetchPage, { pageSize: 5, identity: id })) got.push(...page);
        })(),
      ).rejects.toThrow('page at 10 failed');
    });
    expect(unhandled).toEqual([]);
    expect(got).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('without asking ahead, no fetcher is told it may say so', async () => {
    const l = early(12);
    expect((await collect(pageThrough(l.fetchPage, { pageSize: 5, identity: id, ahead: false }))).flat()).toHaveLength(12);
    expect(l.events.indexOf('ask 5')).toBeGreaterThan(l.events.indexOf('read 0'));
  });
});

describe('paging against the sandbox', () => {
  let sb: Sandbox;
  let api: InvoicingApi;
  beforeAll(async () => {
    sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 23, products: 10, quotations: 7, seed: 5 });
    api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }) });
  });
  afterAll(async () => {
    await api.close();
    await sb.close();
  });

  /** The list requests `walk` made, once whatever it left running has landed. */
  async function requestsOf(walk: () => Promise<unknown>): Promise<string[]> {
    const before = sb.requests().length;
    await walk();
    await sleep(50);
    return sb
      .requests()
      .slice(before)
      .map((r) => r.url);
  }

  it('one request per page, none after the short page', async () => {
    const ids: number[] = [];
    const urls = await requestsOf(async () => {
      for await (const c of api.clients.all({ pageSize: 5 })) ids.push(c.clientnr);
    });
    expect(ids).toEqual([...sb.data.clients.ids()]);
    expect(urls).toEqual([0, 5, 10, 15, 20].map((s) => `/api/v1/clients?count=5&start=${s}`));
  });

  it('one empty page after a list that ends on a full page', async () => {
    const urls = await requestsOf(async () => {
      let rows = 0;
      for await (const page of api.products.pages({ pageSize: 5 })) rows += page.length;
      expect(rows).toBe(10);
    });
    expect(urls).toEqual([0, 5, 10].map((s) => `/api/v1/products?count=5&start=${s}`));
  });

  it('a lookup that stops at its first match asks for nothing more', async () => {
    const wanted = sb.data.quotations.all()[2]!.id;
    const urls = await requestsOf(async () => {
      for await (const page of api.quotations.pages({ pageSize: 2, ahead: false })) {
        if (page.some((q) => q.id === wanted)) break;
      }
    });
    expect(urls).toEqual([0, 2].map((s) => `/api/v1/quotations?count=2&start=${s}`));
  });

  it('a page that fails on the service fails the walk when it is reached, nothing unhandled', async () => {
    const failing = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }), readAttempts: 1 });
    try {
      let error: unknown;
      const pages: number[] = [];
      const unhandled = await unhandledDuring(async () => {
        try {
          for await (const page of failing.clients.pages({ pageSize: 5 })) {
            pages.push(page.length);
            // every request from here on fails, the one asked ahead included
            sb.setFaults({ serverErrorRate: 1 });
            await sleep(30);
          }
        } catch (e) {
          error = e;
        } finally {
          sb.clearFaults();
        }
      });
      expect(unhandled).toEqual([]);
      expect(pages).toEqual([5]);
      expect(error).toMatchObject({ kind: 'server', status: 500 });
    } finally {
      await failing.close();
    }
  });
});

/** Reads a walk to its end and gives its rows with what it says of itself. */
async function run<T>(walk: Walk<T>) {
  const rows = (await collect(walk)).flat();
  return { rows, complete: walk.complete, requests: walk.requests };
}

describe('pageThrough: complete whatever the service does with paging', () => {
  it('a capped service: walks on past the short page and learns the page size', async () => {
    const facts = new PagingFacts();
    const l = list(23, { cap: 4 });
    expect(await run(pageThrough(l.fetchPage, { pageSize: 10, identity: id, facts }))).toEqual({ rows: upTo(23), complete: true, requests: 6 });
    // the one page shorter than the 4 the service gives is the end: nothing asked after it
    expect(l.asked).toEqual([0, 4, 8, 12, 16, 20]);
    expect(l.counts).toEqual([10, 4, 4, 4, 4, 4]);
    expect(facts.cap).toBe(4);
  });

  it('the learned page size is asked for from the start next time, with pages asked ahead', async () => {
    const facts = new PagingFacts();
    await run(pageThrough(list(9, { cap: 4 }).fetchPage, { pageSize: 10, identity: id, facts }));
    const l = list(10, { cap: 4 });
    const askedWhenHanded: number[][] = [];
    const walk = pageThrough(l.fetchPage, { pageSize: 10, identity: id, facts });
    for await (const _page of walk) askedWhenHanded.push([...l.asked]);
    expect(askedWhenHanded).toEqual([
      [0, 4],
      [0, 4, 8],
      [0, 4, 8],
    ]);
    expect(l.counts).toEqual([4, 4, 4]);
    expect(walk.complete).toBe(true);
  });

  it('a list shorter than asked costs one more, empty, page while nothing shows the service fills pages', async () => {
    const facts = new PagingFacts();
    const l = list(3);
    expect(await run(pageThrough(l.fetchPage, { pageSize: 10, identity: id, facts }))).toEqual({ rows: [1, 2, 3], complete: true, requests: 2 });
    expect(l.asked).toEqual([0, 3]);
    expect(facts.cap).toBeUndefined();
    // the service has now given 3 rows in a page: a page of 2 is the end
    const shorter = list(2);
    expect(await run(pageThrough(shorter.fetchPage, { pageSize: 10, identity: id, facts }))).toEqual({ rows: [1, 2], complete: true, requests: 1 });
  });

  it('a page of the size asked before shows the service fills pages: a short page after it is the end', async () => {
    const facts = new PagingFacts();
    await run(pageThrough(list(12).fetchPage, { pageSize: 5, identity: id, facts }));
    const l = list(4);
    expect(await run(pageThrough(l.fetchPage, { pageSize: 5, identity: id, facts }))).toEqual({ rows: [1, 2, 3, 4], complete: true, requests: 1 });
  });

  it('a list answered whole (count and start ignored) is read once, and once next time', async () => {
    const facts = new PagingFacts();
    const longer = list(8, { ignoreCount: true, ignoreStart: true });
    expect(await run(pageThrough(longer.fetchPage, { pageSize: 5, identity: id, facts, list: 'q' }))).toEqual({ rows: upTo(8), complete: true, requests: 1 });
    expect([...facts.whole]).toEqual(['q']);

    const fresh = new PagingFacts();
    const shorter = list(8, { ignoreCount: true, ignoreStart: true });
    // shorter than asked: the page after it repeats the first, so it was everything
    expect(await run(pageThrough(shorter.fetchPage, { pageSize: 10, identity: id, facts: fresh, list: 'q' }))).toEqual({
      rows: upTo(8),
      complete: true,
      requests: 2,
    });
    expect([...fresh.whole]).toEqual(['q']);
    const again = list(9, { ignoreCount: true, ignoreStart: true });
    expect(await run(pageThrough(again.fetchPage, { pageSize: 10, identity: id, facts: fresh, list: 'q' }))).toEqual({
      rows: upTo(9),
      complete: true,
      requests: 1,
    });
  });

  it('what one list taught about being answered whole does not end another list early', async () => {
    const facts = new PagingFacts();
    await run(pageThrough(list(8, { ignoreCount: true, ignoreStart: true }).fetchPage, { pageSize: 10, identity: id, facts, list: 'q' }));
    const l = list(30, { cap: 9 });
    expect(await run(pageThrough(l.fetchPage, { pageSize: 10, identity: id, facts, list: 'c' }))).toEqual({ rows: upTo(30), complete: true, requests: 4 });
  });

  it('a list answered whole teaches nothing about the page size of the others', async () => {
    const facts = new PagingFacts();
    // read before anything else: 90 rows to a walk asking 1000, then the same 90 again
    await run(pageThrough(list(90, { ignoreCount: true, ignoreStart: true }).fetchPage, { pageSize: 1000, identity: id, facts, list: 'q' }));
    expect(facts.gives).toBe(0);
    const capped = list(250, { cap: 37 });
    expect(await run(pageThrough(capped.fetchPage, { pageSize: 1000, identity: id, facts, list: 'c' }))).toEqual({
      rows: upTo(250),
      complete: true,
      requests: 7,
    });
  });

  it('a walk that failed, or that its caller left, is not complete', async () => {
    const failing = pageThrough(list(20, { failAt: 10 }).fetchPage, { pageSize: 5, identity: id });
    await expect(collect(failing)).rejects.toThrow('page at 10 failed');
    expect(failing.complete).toBe(false);
    expect(failing.requests).toBe(3);
    const left = pageThrough(list(20).fetchPage, { pageSize: 5, identity: id, ahead: false });
    for await (const _page of left) break;
    expect(left.complete).toBe(false);
    expect(left.requests).toBe(1);
  });

  it('an abort while a page is out fails the walk, not complete', async () => {
    const controller = new AbortController();
    const fetchPage = async ({ start }: { count: number; start: number }) => {
      if (start > 0) controller.abort();
      await sleep(1);
      if (controller.signal.aborted) throw new Error('aborted');
      return upTo(5);
    };
    const walk = pageThrough(fetchPage, { pageSize: 5, identity: (r: number) => r + Math.random() });
    await expect(collect(walk)).rejects.toThrow('aborted');
    expect(walk.complete).toBe(false);
  });
});

// DemoSeed.listOrder reaches the demo sandbox: the core can run against a
// service whose lists are not ordered by id, and a pull still reads them whole.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeychain } from '../../electron/keychain';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe("the demo on listOrder 'scrambled'", () => {
  it('lists its clients not by id, and a pull with small pages holds every one of them', async () => {
    t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 150, products: 1, quotations: 0, listOrder: 'scrambled', maxCount: 40 } });
    const sb = t.core.sandbox!;
    const auth = `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`;
    const rows = (await (await fetch(`${sb.url}/clients?count=1000`, { headers: { authorization: auth } })).json()) as { clientnr: string }[];
    const ids = rows.map((r) => Number(r.clientnr));
    expect(ids).toHaveLength(40);
    expect(ids).not.toEqual([...ids].sort((a, b) => a - b));

    await pullAll(t.core);
    const listed = await t.ok('clients.list', { includeInactive: true, limit: 500 });
    expect(listed.total).toBe(150);
  });
});

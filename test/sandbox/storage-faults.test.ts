// The data file cannot be written (its folder gone, a file in its place): a
// request's change is rolled back and answered 503, reads keep working, a
// change made from code is written later, and nothing ever throws.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { client } from './client';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function scratch(): Promise<{ sb: Sandbox; folder: string; file: string }> {
  const folder = join(dir, `store-${++n}`);
  mkdirSync(folder);
  const file = join(folder, 'account.json');
  const sb = await startSandbox({ quiet: true, dataFile: file });
  return { sb, folder, file };
}

const companies = (file: string): string[] => (JSON.parse(readFileSync(file, 'utf8')) as { clients: { company: string }[] }).clients.map((c) => c.company);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a data file that cannot be written', () => {
  it('rolls a change back and answers 503; reads keep working; writes work again once the folder is back', async () => {
    const { sb, folder, file } = await scratch();
    const api = client(sb);
    const before = sb.data.clients.size;
    const credits = sb.credits;
    rmSync(folder, { recursive: true });

    const r = await api.post('/clients', { company: 'Nooit bewaard' });
    expect(r.status).toBe(503);
    expect(r.json.error).toMatch(/could not store the change .*nothing was changed\. Try again later\./);
    expect(r.headers['x-ratelimit-limit']).toBeDefined();
    expect(sb.data.clients.size).toBe(before);
    expect(sb.data.clients.find((c) => c.company === 'Nooit bewaard')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(sb.requestLog().at(-1)).toMatchObject({ method: 'POST', status: 503 });

    // a send is undone whole: no quotation, no delivery, no credit spent
    const q = await api.post('/quotations', { clientnr: 1, action: 'send', sendmethod: 'printcenter', lines: [{ description: 'x', amount: 1, price: 1 }] });
    expect(q.status).toBe(503);
    expect(sb.deliveries()).toEqual([]);
    expect(sb.credits).toBe(credits);
    expect((await api.put('/clients/1', { phone: '0101234567' })).status).toBe(503);
    expect(sb.data.clients.get(1)!.phone).not.toBe('0101234567');
    expect((await api.del('/products/1')).status).toBe(503);
    expect(sb.data.products.has(1)).toBe(true);

    // reads, and refusals that change nothing, answer as ever
    expect((await api.get('/clients/1')).status).toBe(200);
    expect((await api.get('/clients?count=1000')).json).toHaveLength(before);
    expect((await api.post('/clients', { company: '' })).status).toBe(422);

    mkdirSync(folder);
    const ok = await api.post('/clients', { company: 'Wel bewaard' });
    expect(ok.status).toBe(201);
    expect(companies(file)).toContain('Wel bewaard');
    expect(companies(file)).not.toContain('Nooit bewaard');
    expect(sb.data.clients.size).toBe(before + 1);
    await api.close();
    await sb.close();

    // what a restart reads is what was answered
    const again = await startSandbox({ quiet: true, dataFile: file });
    expect(again.data.clients.size).toBe(before + 1);
    expect(again.data.clients.get(Number(ok.text))!.company).toBe('Wel bewaard');
    await again.close();
  });

  it('does the same when a file stands where the folder was', async () => {
    const { sb, folder, file } = await scratch();
    const api = client(sb);
    const before = sb.data.clients.size;
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    expect((await api.post('/clients', { company: 'Geen map' })).status).toBe(503);
    expect(sb.data.clients.size).toBe(before);
    rmSync(folder);
    mkdirSync(folder);
    expect((await api.post('/clients', { company: 'Weer een map' })).status).toBe(201);
    expect(companies(file)).toContain('Weer een map');
    await api.close();
    await sb.close();
  });

  it('keeps a change made from code when it cannot be written, writes it once it can, and never throws', async () => {
    const { sb, folder, file } = await scratch();
    const api = client(sb);
    rmSync(folder, { recursive: true });
    sb.data.products.patch(1, { name: 'Van buiten gewijzigd' });
    await wait(50);
    expect(sb.data.writeError?.message).toMatch(/ENOENT/);
    expect(sb.data.products.get(1)!.name).toBe('Van buiten gewijzigd');
    // a read answers, the change unwritten
    expect((await api.get('/products/1')).json.product.name).toBe('Van buiten gewijzigd');

    mkdirSync(folder);
    // written on the next try (about a second later)
    for (let i = 0; i < 40 && sb.data.writeError; i++) await wait(50);
    expect(sb.data.writeError).toBeNull();
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { products: { id: number; name: string }[] };
    expect(stored.products.find((p) => p.id === 1)!.name).toBe('Van buiten gewijzigd');
    await api.close();
    await sb.close();
  });

  it('rolls back a change made from code along with a request it could not write', async () => {
    const { sb, folder, file } = await scratch();
    const api = client(sb);
    const name = sb.data.products.get(2)!.name;
    rmSync(folder, { recursive: true });
    sb.data.products.patch(2, { name: 'Nooit op schijf' });
    expect((await api.post('/clients', { company: 'Ook niet' })).status).toBe(503);
    // memory is what the file last held
    expect(sb.data.products.get(2)!.name).toBe(name);
    mkdirSync(folder);
    expect((await api.put('/products/3', { name: 'Wel op schijf' })).status).toBe(200);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { products: { id: number; name: string }[] };
    expect(stored.products.find((p) => p.id === 2)!.name).toBe(name);
    expect(stored.products.find((p) => p.id === 3)!.name).toBe('Wel op schijf');
    await api.close();
    await sb.close();
  });

  it('closes without throwing while the disk is bad', async () => {
    const { sb, folder } = await scratch();
    rmSync(folder, { recursive: true });
    sb.data.clients.patch(1, { city: 'Nergens' });
    await expect(sb.close()).resolves.toBeUndefined();
    await wait(1200);
  });

  it('fails to start, clearly, when the data file can never be written', async () => {
    const parent = join(dir, 'a-file');
    writeFileSync(parent, 'x');
    await expect(startSandbox({ quiet: true, dataFile: join(parent, 'account.json') })).rejects.toThrow(/ENOTDIR|ENOENT/);
  });
});

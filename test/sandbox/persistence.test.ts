// --data FILE: atomic persistence across restarts; a corrupt file is a clear error and stays untouched.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { client } from './client';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('data file', () => {
  it('keeps every change across a restart, deliveries and credits included', async () => {
    const file = join(dir, 'account.json');
    const sb = await startSandbox({ quiet: true, dataFile: file });
    const api = client(sb);
    const nr = (await api.post('/clients', { company: 'Blijft bestaan', email: 'b@b.nl' })).text;
    const q = (await api.post('/quotations', { clientnr: nr, action: 'send', sendmethod: 'printcenter', lines: [{ description: 'x', amount: 1, price: 3 }] }))
      .text;
    sb.data.products.patch(1, { name: 'Direct gewijzigd' });
    await api.close();
    await sb.close();
    expect(readdirSync(dir)).toEqual(['account.json']);

    const again = await startSandbox({ quiet: true, dataFile: file, clients: 5 });
    const api2 = client(again);
    expect((await api2.get(`/clients/${nr}`)).json.client.company).toBe('Blijft bestaan');
    expect((await api2.get(`/quotations/${q}`)).json.quotation).toMatchObject({ sent: 'true', sendmethod: 'printcenter' });
    expect(again.data.products.get(1)!.name).toBe('Direct gewijzigd');
    expect(again.deliveries()).toHaveLength(1);
    expect(again.credits).toBe(24);
    expect(again.data.clients.size).toBe(13);
    // ids are never reused after a restart
    await api2.del(`/quotations/${q}`);
    const next = (await api2.post('/quotations', { clientnr: nr, action: 'save' })).text;
    expect(Number(next)).toBeGreaterThan(Number(q));
    await api2.close();
    await again.close();
  });

  it('writes each change before answering', async () => {
    const file = join(dir, 'eager.json');
    const sb = await startSandbox({ quiet: true, dataFile: file });
    const api = client(sb);
    const nr = (await api.post('/clients', { company: 'Meteen op schijf' })).text;
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.clients.some((c: { clientnr: number }) => String(c.clientnr) === nr)).toBe(true);
    await api.close();
    await sb.close();
  });

  it('refuses a corrupt file with a clear message and leaves it as it was', async () => {
    const cases: [string, string, RegExp][] = [
      ['broken.json', '{"format": "quotedesk-sandbox-data", "clients": [', /not valid JSON/],
      ['empty.json', '', /empty/],
      ['other.json', '{"hello": "world"}', /not a quotedesk sandbox data file/],
    ];
    for (const [name, content, why] of cases) {
      const file = join(dir, name);
      writeFileSync(file, content);
      await expect(startSandbox({ quiet: true, dataFile: file })).rejects.toThrow(why);
      await expect(startSandbox({ quiet: true, dataFile: file })).rejects.toThrow(/left untouched.*without --data/);
      expect(readFileSync(file, 'utf8')).toBe(content);
    }
  });

  it('names the record and field that is wrong', async () => {
    const file = join(dir, 'bad-record.json');
    const sb = await startSandbox({ quiet: true, dataFile: file });
    await sb.close();
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.clients[2].email = 'not an address';
    const content = JSON.stringify(data);
    writeFileSync(file, content);
    await expect(startSandbox({ quiet: true, dataFile: file })).rejects.toThrow(/clients\[2\] is not valid \(email: must be an e-mail address/);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });
});

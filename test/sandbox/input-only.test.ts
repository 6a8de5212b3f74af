// A quotation's convert_prices_to_euro and a line's tax_country in the
// sandbox, over real HTTP: the flag is kept and returned; the foreign tax
// is kept (across a restart with a data file too) and never written out,
// in JSON or XML, as the reference marks it input only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { client } from './client';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-input-only-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = [
  { description: 'Training day', amount: 1, price: 680, tax_rate: 20, tax_country: true },
  { description: 'Travel', amount: 2, price: 45, tax_rate: 0, tax_country: 'false' },
];

describe('convert_prices_to_euro and tax_country', () => {
  it('keeps both, returns the flag, never the foreign tax, and keeps it through a restart and a send', async () => {
    const file = join(dir, 'account.json');
    const sb = await startSandbox({ quiet: true, dataFile: file, rateLimit: 0 });
    const api = client(sb);
    const id = Number((await api.post('/quotations', { clientnr: 1, action: 'save', convert_prices_to_euro: 'true', lines: LINES })).text);
    const read = (await api.get(`/quotations/${id}`)).json.quotation;
    expect(read.convert_prices_to_euro).toBe('true');
    expect(JSON.stringify(read)).not.toContain('tax_country');
    expect((await api.get(`/quotations/${id}`, { accept: 'application/xml' })).text).not.toContain('tax_country');
    expect(JSON.stringify((await api.get('/quotations')).json)).not.toContain('tax_country');
    // the totals take the rate on the line as given
    expect(read.totalintax).toBe('906.00');
    await api.close();
    await sb.close();

    const again = await startSandbox({ quiet: true, dataFile: file, rateLimit: 0 });
    const api2 = client(again);
    expect(again.data.quotations.get(id)!.lines.map((l) => ('tax_country' in l ? l.tax_country : false))).toEqual([true, false]);
    const sent = Number((await api2.put(`/quotations/${id}`, { action: 'send', sendmethod: 'mail' })).text);
    expect(again.data.quotations.get(sent)).toMatchObject({ sent: true, convert_prices_to_euro: true });
    expect(again.data.quotations.get(sent)!.lines.map((l) => ('tax_country' in l ? l.tax_country : false))).toEqual([true, false]);
    expect(JSON.stringify((await api2.get(`/quotations/${sent}`)).json)).not.toContain('tax_country');
    await api2.close();
    await again.close();
  });

  it('refuses a foreign tax or a flag that is not true or false, naming the field, and keeps nothing', async () => {
    const sb = await startSandbox({ quiet: true, rateLimit: 0 });
    const api = client(sb);
    const before = sb.data.quotations.size;
    const bad = await api.post('/quotations', {
      clientnr: 1,
      action: 'save',
      convert_prices_to_euro: 'maybe',
      lines: [{ ...LINES[0], tax_country: 'abroad' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['convert_prices_to_euro', 'lines.0.tax_country']);
    expect(sb.data.quotations.size).toBe(before);
    await api.close();
    await sb.close();
  });
});

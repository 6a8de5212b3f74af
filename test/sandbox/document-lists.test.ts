// The sandbox's profiles and categories: served as lists, named on the
// quotations it keeps, refused when unknown, and kept in the data file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../electron/sandbox';
import { client } from './client';
import { parseArgs } from '../../electron/sandbox/args';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-lists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profiles and categories in the sandbox', () => {
  it('a quotation names the profile and category it was saved with, and the default profile when it names none', async () => {
    const sb = await startSandbox({ quiet: true, rateLimit: 0 });
    const api = client(sb);
    try {
      const chosen = (
        await api.post('/quotations', { clientnr: '1', action: 'save', profile: '2', category: '3', lines: [{ description: 'x', amount: 1, price: 3 }] })
      ).text;
      expect((await api.get(`/quotations/${chosen}`)).json.quotation).toMatchObject({
        profile: '2',
        profile_name: 'English',
        category: '3',
        category_name: 'Webdesign',
      });
      const plain = (await api.post('/quotations', { clientnr: '1', action: 'save' })).text;
      expect((await api.get(`/quotations/${plain}`)).json.quotation).toMatchObject({
        profile: '1',
        profile_name: 'Standaard',
        category: '0',
        category_name: '',
      });
      const refused = await api.post('/quotations', { clientnr: '1', action: 'save', profile: 42, category: 17 });
      expect(refused.status).toBe(422);
      expect(refused.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['category', 'profile']);
    } finally {
      await api.close();
      await sb.close();
    }
  });

  it('demo data: English clients get the English layout, a client default category is used', async () => {
    const sb = await startSandbox({ quiet: true, rateLimit: 0 });
    try {
      const brightwater = sb.data.clients.find((c) => c.company.startsWith('Brightwater'))!;
      expect(brightwater.default_category).toBe(2);
      const its = sb.data.quotations.find((q) => q.clientnr === brightwater.clientnr)!;
      expect(its).toMatchObject({ profile: 2, profile_name: 'English', category: 2, category_name: 'Advies' });
      expect(sb.data.quotations.count((q) => q.category > 0)).toBeGreaterThan(1);
    } finally {
      await sb.close();
    }
  });

  it('keeps the lists in the data file across a restart', async () => {
    const file = join(dir, 'account.json');
    const sb = await startSandbox({ quiet: true, dataFile: file });
    sb.data.account.categories.push({ id: 9, name: 'Nieuw' });
    sb.data.markDirty();
    sb.data.flush();
    await sb.close();
    const again = await startSandbox({ quiet: true, dataFile: file });
    const api = client(again);
    try {
      expect((await api.get('/categories')).json).toContainEqual({ id: '9', name: 'Nieuw' });
    } finally {
      await api.close();
      await again.close();
    }
  });

  it('npm run sandbox -- --without-lists names the lists to leave out', () => {
    expect(parseArgs(['--without-lists', 'profiles, categories'])).toEqual({ withoutLists: ['profiles', 'categories'] });
    expect(parseArgs(['--without-lists=categories'])).toEqual({ withoutLists: ['categories'] });
    expect(() => parseArgs(['--without-lists', 'invoices'])).toThrow(/--without-lists takes profiles, categories or both/);
  });

  it('withoutLists makes the endpoints answer 404, as a service without them', async () => {
    const sb = await startSandbox({ quiet: true, withoutLists: ['profiles', 'categories'] });
    const api = client(sb);
    try {
      expect((await api.get('/profiles')).status).toBe(404);
      expect((await api.get('/categories')).status).toBe(404);
    } finally {
      await api.close();
      await sb.close();
    }
  });
});

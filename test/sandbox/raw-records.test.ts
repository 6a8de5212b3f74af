// The sandbox plays a service that holds values its rules would refuse
// today (Table.setRaw) and a list answered empty once (a 'body' fault), so
// the client's lenient reading can be tested (docs/wire-format.md, Reading
// leniently; docs/paging.md, A list that shrinks).
import { describe, expect, it } from 'vitest';
import { sandboxForFile } from './client';

const file = sandboxForFile({ clients: 5, products: 2, quotations: 0 }, { clearFaults: true });

describe('raw values in stored records', () => {
  it('go out exactly as given, in lists, in one record and in searches', async () => {
    const [n] = file.sb.data.clients.ids();
    file.sb.data.clients.setRaw(n!, { mandate_date: '0000-00-00', top: null, stddiscount: 'abc', phone: '0123456789012345678' });
    const list = (await file.api.get('/clients')).json as Record<string, unknown>[];
    expect(list[0]).toMatchObject({ clientnr: String(n), mandate_date: '0000-00-00', top: null, stddiscount: 'abc', phone: '0123456789012345678' });
    const one = (await file.api.get(`/clients/${n}`)).json as { client: Record<string, unknown> };
    expect(one.client).toMatchObject({ top: null, stddiscount: 'abc' });
    const company = file.sb.data.clients.get(n!)!.company;
    const found = (await file.api.get(`/search/clients/company/${encodeURIComponent(company)}`)).json as Record<string, unknown>[];
    expect(found.find((c) => c.clientnr === String(n))).toMatchObject({ top: null });
    // XML has no null: an empty element
    expect((await file.api.get(`/clients/${n}`, { accept: 'application/xml' })).text).toMatch(/<top\/>|<top><\/top>/);
  });

  it('stay through a change that leaves their fields alone, and go with one that changes them', async () => {
    const n = file.sb.data.clients.ids()[1]!;
    file.sb.data.clients.setRaw(n, { top: 'abc', lastinvoice: '0000-00-00' });
    expect((await file.api.put(`/clients/${n}`, { city: 'Delft' })).status).toBe(200);
    expect(file.sb.data.clients.rawOf(n)).toEqual({ top: 'abc', lastinvoice: '0000-00-00' });
    expect((await file.api.put(`/clients/${n}`, { top: 14 })).status).toBe(200);
    expect(file.sb.data.clients.rawOf(n)).toEqual({ lastinvoice: '0000-00-00' });
    expect(((await file.api.get(`/clients/${n}`)).json as { client: Record<string, unknown> }).client).toMatchObject({ top: '14', city: 'Delft' });
    file.sb.data.clients.setRaw(n, { lastinvoice: undefined });
    expect(file.sb.data.clients.rawOf(n)).toBeUndefined();
  });
});

describe('a body fault', () => {
  it('answers the given body once, then the list as ever', async () => {
    file.sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'body', body: '[]' } });
    const empty = await file.api.get('/clients');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('[]');
    expect(empty.headers['content-type']).toMatch(/application\/json/);
    expect(((await file.api.get('/clients')).json as unknown[]).length).toBe(5);
    expect(file.sb.requestLog().at(-2)).toMatchObject({ fault: 'body', status: 200 });
  });

  it('refuses a status outside 200 to 599', () => {
    expect(() => file.sb.addFault({ effect: { kind: 'body', status: 100, body: '' } })).toThrow(RangeError);
  });
});

// The sandbox playing answers as other services (or the network in front of
// them) write them, behind addFault: a network's login page, lists wrapped
// under their name, Latin-1 bytes, a whole record or a Location header for a
// new id, other content types, a padded answer, and other services' error
// bodies. Seen from a real undici client; the default answers stay as they were.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseFaultRule, UsageError } from '../../electron/sandbox/args';
import { basic, sandboxForFile } from './client';

const file = sandboxForFile({}, { clearFaults: true });

const named = (company: string) => file.sb.data.clients.all().filter((c) => c.company === company);

/** The raw bytes of an answer, for charsets. */
async function bytesOf(path: string): Promise<{ type: string; bytes: Buffer }> {
  const res = await request(`${file.sb.url}${path}`, { headers: { authorization: basic(file.sb.user, file.sb.key) } });
  return { type: String(res.headers['content-type']), bytes: Buffer.from(await res.body.arrayBuffer()) };
}

describe('by default', () => {
  it('answers as it always did: bare lists, 201 and the raw id, our error body', async () => {
    const list = await file.api.get('/clients?count=2');
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Array.isArray(list.json)).toBe(true);
    const made = await file.api.post('/clients', { company: 'Gewoon BV' });
    expect([made.status, made.headers.location, /^\d+$/.test(made.text)]).toEqual([201, undefined, true]);
    const refused = await file.api.post('/clients', { company: 'x'.repeat(60) });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ error: expect.any(String), errors: [{ field: 'company', message: expect.any(String) }] });
  });
});

describe("a network's login page", () => {
  it('answers 200 text/html before anything is done, with none of the service headers', async () => {
    file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'login_page' } });
    const r = await file.api.post('/clients', { company: 'Achter de portal' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.text).toMatch(/<!DOCTYPE html>[\s\S]*type="password"/);
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
    expect(named('Achter de portal')).toHaveLength(0);
    expect(file.sb.requestLog().at(-1)).toMatchObject({ status: 200, fault: 'login_page' });
  });

  it('or after carrying the request out (applied)', async () => {
    file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'login_page', applied: true } });
    const r = await file.api.post('/clients', { company: 'Toch gedaan' });
    expect([r.status, r.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(named('Toch gedaan')).toHaveLength(1);
    expect(file.sb.requestLog().at(-1)).toMatchObject({ status: 200, fault: 'login_page', replaced: 201 });
  });
});

describe('answers in another form', () => {
  it('wraps a list under its name, a search under its area; a record stays as it is', async () => {
    file.sb.addFault({ path: '/clients', times: 1, effect: { kind: 'answer', form: 'wrapped' } });
    const wrapped = await file.api.get('/clients?count=3');
    expect(Object.keys(wrapped.json)).toEqual(['clients']);
    expect(wrapped.json.clients).toHaveLength(3);
    file.sb.addFault({ path: /^\/search\//, effect: { kind: 'answer', form: 'wrapped' } });
    expect(Object.keys((await file.api.get('/search/products/all/a')).json)).toEqual(['products']);
    file.sb.addFault({ path: /^\/clients\/\d+$/, effect: { kind: 'answer', form: 'wrapped' } });
    expect(Object.keys((await file.api.get('/clients/1')).json)).toEqual(['client']);
  });

  it('writes Latin-1 bytes labelled ISO-8859-1', async () => {
    const id = file.sb.data.products.all()[0]!.id;
    file.sb.data.products.patch(id, { name: 'Crème brûlée €5' });
    file.sb.addFault({ path: `/products/${id}`, effect: { kind: 'answer', form: 'latin1' } });
    const { type, bytes } = await bytesOf(`/products/${id}`);
    expect(type).toBe('application/json; charset=ISO-8859-1');
    const name = Buffer.from('Crème brûlée €5', 'latin1');
    name[name.length - 2] = 0x80; // € in windows-1252, as ISO-8859-1 servers write it
    expect(bytes.includes(name)).toBe(true);
    expect(new TextDecoder('iso-8859-1').decode(bytes)).toContain('"name":"Crème brûlée €5"');
  });

  it('answers a create, a save and a send with the whole record, bare, without its id, or with a Location', async () => {
    file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'record' } });
    const r = await file.api.post('/clients', { company: 'Heel record BV' });
    const nr = named('Heel record BV')[0]!.clientnr;
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ client: expect.objectContaining({ clientnr: String(nr), company: 'Heel record BV' }) });

    file.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form: 'bare_record' } });
    const saved = await file.api.post('/quotations', { clientnr: nr, action: 'save', savename: 'bare-1' });
    expect(saved.json).toMatchObject({ id: expect.stringMatching(/^\d+$/), savename: 'bare-1', clientnr: String(nr) });

    file.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form: 'record_without_id' } });
    const without = await file.api.post('/quotations', { clientnr: nr, action: 'save', savename: 'no-id-1' });
    expect(without.json.quotation).toMatchObject({ savename: 'no-id-1' });
    expect(without.json.quotation.id).toBeUndefined();

    file.sb.addFault({ method: 'PUT', path: /^\/quotations\/\d+$/, effect: { kind: 'answer', form: 'location' } });
    const sent = await file.api.put(`/quotations/${saved.json.id}`, { action: 'send', sendmethod: 'mail' });
    expect(sent.status).toBe(201);
    expect(sent.text).toBe('');
    const newId = Number(/^\/api\/v1\/quotations\/(\d+)$/.exec(sent.headers.location!)![1]);
    expect(file.sb.data.quotations.get(newId)).toMatchObject({ sent: true, savename: 'bare-1' });
  });

  it('leaves the content type out, or says text/plain', async () => {
    file.sb.addFault({ path: '/clients', effect: { kind: 'answer', form: 'no_content_type' } });
    const bare = await file.api.get('/clients?count=1');
    expect(bare.headers['content-type']).toBeUndefined();
    expect(bare.json).toHaveLength(1);
    file.sb.addFault({ path: '/clients', effect: { kind: 'answer', form: 'text_plain' } });
    expect((await file.api.get('/clients?count=1')).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('pads an answer with spaces to the size asked, still JSON', async () => {
    file.sb.addFault({ path: '/clients', effect: { kind: 'answer', form: 'padded', bytes: 3 * 1024 * 1024 } });
    const r = await file.api.get('/clients?count=1');
    expect(r.headers['content-length']).toBe(String(3 * 1024 * 1024));
    expect(r.json).toHaveLength(1);
    expect(() => file.sb.addFault({ effect: { kind: 'answer', form: 'padded' } })).toThrow(/bytes/);
  });
});

describe("other services' error bodies", () => {
  const refuse = async (form: 'errors_laravel' | 'errors_list' | 'errors_strings' | 'error_only' | 'error_text') => {
    file.sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form } });
    return file.api.post('/quotations', { clientnr: 1, action: 'save', lines: [{ description: 'x', amount: 1, price: 1.2345 }] });
  };

  it("writes Laravel's {message, errors: {field: [...]}}", async () => {
    const r = await refuse('errors_laravel');
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ message: expect.stringMatching(/lines\.0\.price/), errors: { 'lines.0.price': [expect.any(String)] } });
  });

  it('writes a bare list with fields as form keys, or of words', async () => {
    expect((await refuse('errors_list')).json).toEqual([{ field: 'lines[0][price]', message: expect.any(String) }]);
    expect((await refuse('errors_strings')).json).toEqual([expect.stringMatching(/^lines\.0\.price: /)]);
  });

  it('writes {"error"} only, or the words as plain text', async () => {
    const only = await refuse('error_only');
    expect(Object.keys(only.json)).toEqual(['error']);
    const text = await refuse('error_text');
    expect([text.status, text.headers['content-type'], text.json]).toEqual([422, 'text/plain; charset=utf-8', undefined]);
    expect(text.text).toMatch(/lines\.0\.price/);
  });

  it('leaves a success as it is', async () => {
    file.sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'errors_laravel' } });
    const r = await file.api.post('/clients', { company: 'Gewoon gelukt' });
    expect([r.status, /^\d+$/.test(r.text)]).toEqual([201, true]);
  });
});

describe('on the command line', () => {
  it('reads login-page and answer faults', () => {
    expect(parseFaultRule('GET * login-page always')).toEqual({ method: 'GET', effect: { kind: 'login_page', applied: false }, times: Infinity });
    expect(parseFaultRule('POST /clients login-page applied')).toEqual({ method: 'POST', path: '/clients', effect: { kind: 'login_page', applied: true } });
    expect(parseFaultRule('POST /quotations answer record times 2')).toEqual({
      method: 'POST',
      path: '/quotations',
      effect: { kind: 'answer', form: 'record' },
      times: 2,
    });
    expect(() => parseFaultRule('GET /clients answer padded')).toThrow(UsageError);
    expect(() => parseFaultRule('GET /clients answer nonsense')).toThrow(/not an answer form/);
  });
});

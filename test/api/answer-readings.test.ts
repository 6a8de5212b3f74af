// The API client reading each form of answer the sandbox can play
// (docs/wire-format.md, How the client reads an answer), over real HTTP:
// what an answer claims is checked, a web page is named as the network's
// login page, UTF-8 is read as UTF-8 whatever its label and other bytes by
// the charset named, error bodies in the common shapes give
// field errors, a whole record or a Location gives a new id, a wrapped list
// is read, and an answer over the size cap is refused.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { InvoicingApi, type InvoicingApiOptions } from '../../electron/api';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../electron/api/transport';
import { decodeText, isWebPage, jsonText, listOf, readId } from '../../electron/api/parse';
import type { Logger } from '../../electron/api';
import { apiFailure as failure } from '../helpers/api-failure';
import { rate, startScripted, type Script } from './fixtures/scripted-server';

let sb: Sandbox;
const apis: InvoicingApi[] = [];
const warnings: { msg: string; fields?: object }[] = [];
const logger: Logger = { debug() {}, info() {}, warn: (msg, fields) => void warnings.push({ msg, fields }), error() {} };

function api(opts: Partial<InvoicingApiOptions> = {}): InvoicingApi {
  const a = new InvoicingApi({
    baseUrl: sb.url,
    credentials: () => ({ username: sb.user, apiKey: sb.key }),
    backoff: { baseMs: 5, capMs: 20 },
    logger,
    ...opts,
  });
  apis.push(a);
  return a;
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true, rateLimit: 0 });
});
afterEach(async () => {
  sb.clearFaults();
  warnings.length = 0;
  while (apis.length) await apis.pop()!.close();
});
afterAll(() => sb.close());

const posts = (path: string) => sb.requests().filter((r) => r.method === 'POST' && r.url === `/api/v1${path}`).length;

describe('a web page in place of data', () => {
  it('is named as the login page of the network, offline, and a read is not asked again', async () => {
    sb.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'login_page' } });
    const before = sb.requests().length;
    const e = await failure(api({ readAttempts: 3 }).clients.list());
    expect(e).toMatchObject({ kind: 'offline', messageKey: 'api.login_page', outcome: 'not_applied', status: 200 });
    expect(e.message).toMatch(/login page/);
    expect(sb.requests().length - before).toBe(1);
  });

  it('leaves a write of unknown outcome, whether or not it was carried out', async () => {
    sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'login_page' } });
    expect(await failure(api().clients.create({ company: 'Portaal BV' }))).toMatchObject({
      kind: 'offline',
      messageKey: 'api.login_page',
      outcome: 'unknown',
    });
    sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'login_page', applied: true } });
    expect(await failure(api().clients.create({ company: 'Portaal BV' }))).toMatchObject({ messageKey: 'api.login_page', outcome: 'unknown' });
    // an update's answer is not read, yet a page in its place is never taken for a success
    sb.addFault({ method: 'PUT', path: /^\/clients\/\d+$/, effect: { kind: 'login_page' } });
    expect(await failure(api().clients.update(1, { city: 'Elders' }))).toMatchObject({ messageKey: 'api.login_page', outcome: 'unknown' });
    expect(sb.data.clients.get(1)!.city).not.toBe('Elders');
  });

  it('is told apart from data by its content, not only by its label', () => {
    const page = (type: string | undefined, text: string) => isWebPage({ text, headers: type ? { 'content-type': type } : {} });
    expect(page('text/html; charset=utf-8', '<p>Sign in</p>')).toBe(true);
    expect(page(undefined, '  <!DOCTYPE html><html><body>Welcome</body></html>')).toBe(true);
    expect(page('application/json', '<html><body>proxy</body></html>')).toBe(true);
    // data whatever its label; the reader judges the label
    expect(page('text/html', '42')).toBe(false);
    expect(page('text/html', '[{"clientnr":"1"}]')).toBe(false);
    expect(page('text/html', '')).toBe(false);
    expect(page('application/xml', '<?xml version="1.0"?><clients/>')).toBe(false);
  });
});

describe('what an answer claims', () => {
  it('reads JSON only when labelled JSON (or +json), or unlabelled and starting as JSON does', async () => {
    sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'answer', form: 'no_content_type' } });
    expect(await api().clients.list({ count: 2 })).toHaveLength(2);
    sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'answer', form: 'text_plain' } });
    const e = await failure(api({ readAttempts: 1 }).clients.list({ count: 2 }));
    expect(e).toMatchObject({ kind: 'bad_response', params: { detail: 'the answer is text/plain, not JSON' } });
    const read = (type: string | undefined, text: string) => jsonText({ text, headers: type ? { 'content-type': type } : {} }, 'x');
    expect(read('application/vnd.api+json', '[]')).toBe('[]');
    expect(read('application/problem+json; charset=utf-8', '{}')).toBe('{}');
    expect(() => read(undefined, 'OK')).toThrow(/no content type and is not JSON/);
    expect(() => read('text/html', '[]')).toThrow(/text\/html, not JSON/);
  });

  it('decodes by the charset named: Latin-1 stays Crème brûlée, and € of windows-1252', async () => {
    const id = sb.data.products.all()[0]!.id;
    sb.data.products.patch(id, { name: 'Crème brûlée €5' });
    sb.addFault({ method: 'GET', path: /^\/products/, times: 2, effect: { kind: 'answer', form: 'latin1' } });
    const a = api();
    expect((await a.products.get(id)).name).toBe('Crème brûlée €5');
    expect((await a.products.list({ count: 1000 })).find((p) => p.id === id)!.name).toBe('Crème brûlée €5');
  });

  it('reads UTF-8 labelled ISO-8859-1 as UTF-8 (Café Noël, not CafÃ© NoÃ«l), and a real Latin-1 body by its label, over real HTTP', async () => {
    // a PHP service's label: charset=ISO-8859-1 whatever its bytes are
    const answer =
      (status: number, bytes: Buffer): Script =>
      (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=ISO-8859-1', ...rate });
        res.end(bytes);
      };
    const list = (company: string, city: string) => JSON.stringify([{ clientnr: '1', company, city }]);
    const server = await startScripted();
    try {
      server.queue(
        answer(200, Buffer.from(list('Café Noël', 'Zürich'), 'utf8')),
        answer(200, Buffer.from(list('Crème brûlée', 'Köln'), 'latin1')),
        answer(422, Buffer.from(JSON.stringify({ error: 'Straße ontbreekt' }), 'utf8')),
      );
      const a = api({ baseUrl: server.url, credentials: () => ({ username: 'demo', apiKey: 'k-123456' }) });
      expect(await a.clients.list()).toEqual([{ clientnr: 1, company: 'Café Noël', city: 'Zürich' }]);
      expect(await a.clients.list()).toEqual([{ clientnr: 1, company: 'Crème brûlée', city: 'Köln' }]);
      // an error's words too
      expect((await failure(a.clients.create({ company: 'x' }))).message).toMatch(/Straße ontbreekt/);
    } finally {
      await server.close();
    }
  });

  it('reads bytes that are valid UTF-8 as UTF-8 whatever the label, and only others by the label', () => {
    const utf8 = Buffer.from('["Café Noël","Zürich"]', 'utf8');
    for (const label of ['iso-8859-1', '"ISO-8859-1"', 'latin1', 'windows-1252', 'x-klingon'])
      expect(decodeText(utf8, `application/json; charset=${label}`, 'x', true)).toBe('["Café Noël","Zürich"]');
    expect(decodeText(utf8, 'application/json; charset=ISO-8859-1', 'x', false)).toBe('["Café Noël","Zürich"]');
    // a byte-order mark is dropped under any label
    expect(decodeText(Buffer.from('\uFEFF["é"]'), 'application/json; charset=iso-8859-1', 'x', true)).toBe('["é"]');
    // Latin-1 that is not UTF-8 is read by its label, € as windows-1252
    const latin1 = Buffer.from('["Crème brûlée",', 'latin1');
    const euro = Buffer.from([0x22, 0x80, 0x35, 0x22, 0x5d]); // "€5"]
    expect(decodeText(Buffer.concat([latin1, euro]), 'application/json; charset=ISO-8859-1', 'x', true)).toBe('["Crème brûlée","€5"]');
    // UTF-16 is not ASCII's bytes: its label is honoured, though its plain letters pass for UTF-8
    expect(decodeText(Buffer.from('["Zürich"]', 'utf16le'), 'application/json; charset=utf-16le', 'x', true)).toBe('["Zürich"]');
    expect(decodeText(Buffer.from('["Zurich"]', 'utf16le'), 'application/json; charset=utf-16le', 'x', true)).toBe('["Zurich"]');
  });

  it('refuses bytes that are not text in their charset, or a charset nobody knows, rather than store a wrong letter', () => {
    const latin1 = Buffer.from('["Crème"]', 'latin1');
    expect(() => decodeText(latin1, 'application/json', 'x', true)).toThrow(/not valid utf-8/);
    expect(() => decodeText(latin1, 'application/json; charset=utf-8', 'x', true)).toThrow(/not valid utf-8/);
    expect(decodeText(latin1, 'application/json; charset="iso-8859-1"', 'x', true)).toBe('["Crème"]');
    expect(decodeText(latin1, 'application/json; charset=latin1', 'x', true)).toBe('["Crème"]');
    expect(decodeText(Buffer.from('\uFEFF["é"]'), 'application/json', 'x', true)).toBe('["é"]');
    expect(() => decodeText(latin1, 'application/json; charset=x-klingon', 'x', true)).toThrow(/x-klingon is not known/);
    // an error's words are read leniently
    expect(decodeText(latin1, 'text/plain; charset=x-klingon', 'x', false)).toBe('["Cr\uFFFDme"]');
  });
});

describe('error bodies in the common shapes', () => {
  // a line price with 4 decimals, past the client's own checks: the sandbox refuses it with 422 naming lines.0.price
  const refusedSave = (a: InvoicingApi) =>
    failure(
      a.transport.request(
        {
          operation: 'quotations.save',
          method: 'POST',
          path: '/quotations',
          body: { clientnr: 1, action: 'save', lines: [{ description: 'x', amount: 1, price: 1.2345 }] },
        },
        () => undefined,
      ),
    );

  for (const form of ['errors_laravel', 'errors_list'] as const) {
    it(`reads ${form} as field errors on our paths`, async () => {
      sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form } });
      const e = await refusedSave(api());
      expect(e).toMatchObject({ kind: 'validation', status: 422, outcome: 'not_applied' });
      expect(e.fieldErrors).toEqual([{ field: 'lines.0.price', message: expect.stringMatching(/decimals/) }]);
      expect(e.message).not.toContain('no details given');
    });
  }

  for (const form of ['errors_strings', 'error_only', 'error_text'] as const) {
    it(`reads ${form} as words about the body as a whole`, async () => {
      sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form } });
      const e = await refusedSave(api());
      expect(e).toMatchObject({ kind: 'validation', status: 422 });
      expect(e.fieldErrors).toEqual([{ field: '', message: expect.stringMatching(/lines\.0\.price.*decimals/) }]);
      expect(e.message).not.toContain('no details given');
    });
  }

  it('reads our own shape as before', async () => {
    const e = await failure(api().clients.create({ company: 'Landloos', country: 9999 }));
    expect(e.fieldErrors).toEqual([{ field: 'country', message: expect.any(String) }]);
  });
});

describe('a new id', () => {
  it('is read from the whole record of a create and a save, wrapped or bare, recorded once', async () => {
    const a = api();
    sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'record' } });
    const nr = await a.clients.create({ company: 'Heel record BV' });
    expect(sb.data.clients.get(nr)!.company).toBe('Heel record BV');
    sb.addFault({ method: 'POST', path: '/products', effect: { kind: 'answer', form: 'bare_record' } });
    const pid = await a.products.create({ name: 'Kaal record', price: 2, taxes: 21 });
    expect(sb.data.products.get(pid)!.name).toBe('Kaal record');
    const before = posts('/quotations');
    sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form: 'record' } });
    const qid = await a.quotations.saveOrSend({ clientnr: nr, action: 'save', savename: 'heel-1' });
    expect(sb.data.quotations.get(qid)!.savename).toBe('heel-1');
    expect(posts('/quotations') - before).toBe(1);
  });

  it('is read from a Location header, for a create and a send', async () => {
    const a = api();
    sb.addFault({ method: 'POST', path: '/clients', effect: { kind: 'answer', form: 'location' } });
    const nr = await a.clients.create({ company: 'Locatie BV' });
    expect(sb.data.clients.get(nr)!.company).toBe('Locatie BV');
    const draft = await a.quotations.saveOrSend({ clientnr: nr, action: 'save', savename: 'loc-1' });
    sb.addFault({ method: 'PUT', path: /^\/quotations\/\d+$/, effect: { kind: 'answer', form: 'location' } });
    const sent = await a.quotations.send(draft, 'mail');
    expect(sent).not.toBe(draft);
    expect(sb.data.quotations.get(sent)).toMatchObject({ sent: true, savename: 'loc-1' });
  });

  it('is a bad answer, of unknown outcome, when the record has none', async () => {
    sb.addFault({ method: 'POST', path: '/quotations', effect: { kind: 'answer', form: 'record_without_id' } });
    const e = await failure(api().quotations.saveOrSend({ clientnr: 1, action: 'save', savename: 'zonder-id' }));
    expect(e).toMatchObject({ kind: 'bad_response', outcome: 'unknown', params: { detail: 'the answer is a record without a readable id' } });
  });

  it('reads every form, and refuses what names none', () => {
    const client = { wrapper: 'client', key: 'clientnr', plural: 'clients' };
    const at = (text: string, headers: Record<string, string> = {}) => readId({ text, headers }, 'x', client);
    expect(at('42')).toBe(42);
    expect(at('42', { 'content-type': 'text/html' })).toBe(42);
    expect(at('{"client":{"clientnr":"42","company":"A"}}')).toBe(42);
    expect(at('{"clientnr":42,"company":"A"}')).toBe(42);
    expect(at('{"id":"42"}')).toBe(42);
    expect(at('', { location: '/api/v1/clients/42' })).toBe(42);
    expect(at('', { location: 'https://x.example/api/v1/clients/42/' })).toBe(42);
    // the body first; the Location when the body gives none
    expect(at('{"client":{"company":"A"}}', { location: '/api/v1/clients/43' })).toBe(43);
    expect(() => at('', { location: '/api/v1/products/42' })).toThrow(/nor is its Location/);
    expect(() => at('{"client":{"company":"A"}}')).toThrow(/record without a readable id/);
    expect(() => at('{"status":"ok"}')).toThrow(/not an id/);
    expect(() => at('{"id":"42"}', { 'content-type': 'text/plain' })).toThrow(/text\/plain, not an id/);
  });
});

describe('a wrapped list', () => {
  it('is read, and said once in the log', async () => {
    sb.addFault({ method: 'GET', path: '/clients', times: Infinity, effect: { kind: 'answer', form: 'wrapped' } });
    const a = api();
    const all = [];
    for await (const page of a.clients.pages({ pageSize: 5 })) all.push(...page);
    expect(all.map((c) => c.clientnr)).toEqual(sb.data.clients.all().map((c) => c.clientnr));
    expect(warnings).toEqual([{ msg: 'api list answered wrapped', fields: { operation: 'clients.list', wrapper: 'clients' } }]);
  });

  it('only under its own name: any other object is refused, naming what came', () => {
    const names = { names: ['products'] };
    expect(listOf({ products: [1], total: 1 }, 'products.list', names)).toEqual([1]);
    expect(() => listOf({ data: [], total: 0 }, 'products.list', names)).toThrow('a list was expected, and the answer is an object of data, total');
    expect(() => listOf({ products: [] }, 'products.list')).toThrow('a list was expected');
    expect(() => listOf('[]', 'products.list', names)).toThrow('a list was expected');
  });
});

describe('the size cap', () => {
  it('is 16 MB, well over the largest page asked for', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024);
  });

  it('refuses a 50 MB list without reading it, with a clear error', async () => {
    sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'answer', form: 'padded', bytes: 50 * 1024 * 1024 } });
    const e = await failure(api({ readAttempts: 3 }).clients.list());
    expect(e).toMatchObject({ kind: 'bad_response', messageKey: 'api.too_large', params: { megabytes: 16 }, outcome: 'not_applied' });
    expect(e.message).toContain('larger than quotedesk reads (16 MB)');
  });

  it('reads one just under it', async () => {
    sb.addFault({ method: 'GET', path: '/clients', effect: { kind: 'answer', form: 'padded', bytes: 15 * 1024 * 1024 } });
    expect(await api().clients.list({ count: 3 })).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { errorFromStatus, errorFromTransport, fieldPath, redact, type FailedRequest } from '../../electron/api/classify';

const ctx: FailedRequest = {
  operation: 'clients.update',
  method: 'PUT',
  host: 'invoicing.example.com',
  secrets: ['s3cret-key-123', 'ZGVtbzpzM2NyZXQta2V5LTEyMw=='],
};
const at = (status: number, body = '', headers: Record<string, string> = {}, c: Partial<FailedRequest> = {}) =>
  errorFromStatus(status, headers, body, { ...ctx, ...c }, 0);

describe('errors from a status', () => {
  it('gives every status its kind, and says nothing was applied', () => {
    const kinds = [400, 401, 402, 403, 404, 405, 406, 422, 429, 500, 503, 302].map((s) => [s, at(s).kind]);
    expect(kinds).toEqual([
      [400, 'validation'],
      [401, 'unauthorized'],
      [402, 'payment_required'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [405, 'method_not_allowed'],
      [406, 'not_acceptable'],
      [422, 'validation'],
      [429, 'rate_limited'],
      [500, 'server'],
      [503, 'server'],
      [302, 'bad_response'],
    ]);
    expect(at(503).message).toMatch(/status 503/);
  });

  it('takes only a 4xx as proof that a write was not applied; any other status leaves it unknown', () => {
    for (const s of [400, 401, 402, 403, 404, 405, 406, 408, 409, 410, 413, 422, 429]) expect([s, at(s).outcome]).toEqual([s, 'not_applied']);
    for (const s of [500, 501, 502, 503, 504, 520, 302, 304, 100]) expect([s, at(s).outcome]).toEqual([s, 'unknown']);
    // a read changes nothing whatever the answer
    for (const s of [500, 502, 302]) expect(at(s, '', {}, { method: 'GET' }).outcome).toBe('not_applied');
  });

  it('tells a gateway page from the service, and takes Retry-After from any status', () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    expect(at(502, page)).toMatchObject({ kind: 'server', messageKey: 'api.gateway', status: 502, serverMessage: undefined });
    expect(at(500, '{"error":"Something broke"}')).toMatchObject({ messageKey: 'api.server', serverMessage: 'Something broke' });
    expect(at(503, '', { 'retry-after': '120' })).toMatchObject({
      messageKey: 'api.unavailable',
      retryAfterMs: 120_000,
      params: { status: 503, seconds: 120 },
    });
    // an HTTP date, 90 s after the clock of `at` (0)
    expect(at(503, '', { 'retry-after': new Date(90_000).toUTCString() })).toMatchObject({ retryAfterMs: 90_000 });
    expect(at(500, '', { 'retry-after': '5' }).retryAfterMs).toBe(5000);
    expect(at(302, '', { 'retry-after': '7' }).retryAfterMs).toBe(7000);
  });

  it('reads field errors from our {"error", "errors": [...]} body', () => {
    const e = at(
      422,
      JSON.stringify({
        error: 'Validation failed',
        errors: [
          { field: 'lines.0.price', message: 'at most 3 decimals' },
          { field: 'email', message: 'invalid' },
        ],
      }),
    );
    expect(e.fieldErrors).toEqual([
      { field: 'lines.0.price', message: 'at most 3 decimals' },
      { field: 'email', message: 'invalid' },
    ]);
    expect(e.message).toContain('lines.0.price: at most 3 decimals; email: invalid');
    expect(e.serverMessage).toBe('Validation failed');
    // words only: one error about the body as a whole
    const opaque = at(400, 'Parameter clientnr missing');
    expect(opaque.fieldErrors).toEqual([{ field: '', message: 'Parameter clientnr missing' }]);
    expect(opaque.message).toContain('Parameter clientnr missing');
    const page = at(400, '<html><body>Bad</body></html>');
    expect(page.serverMessage).toBeUndefined();
    expect(page.fieldErrors).toEqual([]);
    expect(page.message).toContain('no details given');
  });

  it('tells the three 403s apart by body, headers and request', () => {
    expect(at(403, 'Your IP address is blacklisted for API usage').kind).toBe('forbidden');
    expect(at(403, 'Hourly request limit exceeded').kind).toBe('rate_limited');
    expect(at(403, 'Forbidden', { 'x-ratelimit-remaining': '0', 'retry-after': '120' })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    expect(at(403, 'This client has documents and cannot be deleted', {}, { method: 'DELETE' }).kind).toBe('has_documents');
    expect(at(403, 'Forbidden', { 'x-ratelimit-remaining': '5' }, { method: 'DELETE', deletesClient: true }).kind).toBe('has_documents');
    expect(at(403, 'Forbidden', { 'x-ratelimit-remaining': '5' }).kind).toBe('forbidden');
  });

  it('tells a wrong key from an inactive one', () => {
    expect(at(401, 'Authorization required').messageKey).toBe('api.unauthorized');
    expect(at(401, '{"error":"API key is inactive"}').messageKey).toBe('api.unauthorized.inactive');
    expect(at(401, '{"error":"The username or API key is not valid, or the key was deleted or made inactive."}').messageKey).toBe('api.unauthorized');
  });

  it('takes Retry-After from a 429', () => {
    expect(at(429, '', { 'retry-after': '3' })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3000, params: { seconds: 3 } });
    expect(at(429).retryAfterMs).toBeUndefined();
  });

  it('never carries the key or Basic credentials the service echoes back', () => {
    const e = at(
      400,
      JSON.stringify({
        error: 'bad header Basic ZGVtbzpzM2NyZXQta2V5LTEyMw== for key s3cret-key-123',
        errors: [{ field: 'x', message: 's3cret-key-123 not allowed' }],
      }),
    );
    const all = JSON.stringify(e.toJSON()) + e.message;
    expect(all).not.toContain('s3cret-key-123');
    expect(all).not.toContain('ZGVtbzpzM2NyZXQta2V5LTEyMw==');
    expect(redact('Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==', [])).toBe('Authorization: Basic [redacted]');
  });
});

describe('errors below HTTP', () => {
  const err = (code: string) => Object.assign(new Error(`x ${code}`), { code });
  it('knows which failures left a write unapplied and which leave it unknown', () => {
    const cases = [
      ['ECONNREFUSED', 'offline', 'not_applied'],
      ['ENOTFOUND', 'offline', 'not_applied'],
      ['EHOSTUNREACH', 'offline', 'not_applied'],
      ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'not_applied'],
      ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'unknown'],
      ['UND_ERR_BODY_TIMEOUT', 'timeout', 'unknown'],
      ['ECONNRESET', 'network', 'unknown'],
      ['UND_ERR_SOCKET', 'network', 'unknown'],
      ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'network', 'unknown'],
    ];
    for (const [code, kind, outcome] of cases) {
      expect([code, errorFromTransport(err(code!), ctx, null)]).toEqual([code, expect.objectContaining({ kind, outcome })]);
    }
    expect(errorFromTransport(err('ECONNRESET'), { ...ctx, method: 'GET' }, null).outcome).toBe('not_applied');
    expect(errorFromTransport(new AggregateError([err('ECONNREFUSED')]), ctx, null).kind).toBe('offline');
    expect(errorFromTransport(err('ENOTFOUND'), ctx, null).message).toContain('invoicing.example.com');
    expect(errorFromTransport(new Error('whatever'), ctx, 'aborted')).toMatchObject({ kind: 'aborted', outcome: 'unknown' });
  });

  it('keeps nothing of the original error', () => {
    const original = Object.assign(new Error('boom'), { code: 'ECONNRESET', options: { headers: { authorization: 'Basic ZGVtbzpzM2NyZXQta2V5LTEyMw==' } } });
    const e = errorFromTransport(original, ctx, null);
    expect(e.cause).toBeUndefined();
    expect(JSON.stringify(e) + String(e.stack)).not.toContain('ZGVtbzpz');
  });
});

describe('error bodies in the shapes services write', () => {
  const fields = (body: string, status = 422) => at(status, body).fieldErrors;

  it('reads a bare list of errors, with fields or words only', () => {
    expect(
      fields(
        JSON.stringify([
          { field: 'email', message: 'invalid' },
          { name: 'lines[1][price]', msg: 'at most 3 decimals' },
        ]),
      ),
    ).toEqual([
      { field: 'email', message: 'invalid' },
      { field: 'lines.1.price', message: 'at most 3 decimals' },
    ]);
    expect(fields('["Company is required","Email is invalid"]')).toEqual([
      { field: '', message: 'Company is required' },
      { field: '', message: 'Email is invalid' },
    ]);
    expect(fields('{"errors":["Company is required"]}')).toEqual([{ field: '', message: 'Company is required' }]);
  });

  it("reads Laravel's {message, errors: {field: [messages]}}", () => {
    const e = at(
      422,
      JSON.stringify({ message: 'The given data was invalid.', errors: { email: ['is invalid', 'is taken'], 'lines.0.price': ['too precise'] } }),
    );
    expect(e.fieldErrors).toEqual([
      { field: 'email', message: 'is invalid' },
      { field: 'email', message: 'is taken' },
      { field: 'lines.0.price', message: 'too precise' },
    ]);
    expect(e.serverMessage).toBe('The given data was invalid.');
    expect(e.message).not.toContain('no details given');
    expect(e.message).toContain('email: is invalid');
    // one message per field, as a string
    expect(fields('{"errors":{"email":"is invalid"}}')).toEqual([{ field: 'email', message: 'is invalid' }]);
  });

  it('takes words without fields as one error about the body as a whole', () => {
    expect(fields('{"error":"The company is required"}')).toEqual([{ field: '', message: 'The company is required' }]);
    expect(fields('{"message":"The company is required"}')).toEqual([{ field: '', message: 'The company is required' }]);
    expect(fields('{"error":{"message":"nested words"}}')).toEqual([{ field: '', message: 'nested words' }]);
    expect(fields('The company is required', 400)).toEqual([{ field: '', message: 'The company is required' }]);
    expect(fields('')).toEqual([]);
    expect(at(422, '').message).toContain('no details given');
  });

  it('turns field names into our paths where it can', () => {
    const cases: [string, string][] = [
      ['lines[0][price]', 'lines.0.price'],
      ['lines[2].amount', 'lines.2.amount'],
      ['/lines/0/price', 'lines.0.price'],
      ['$.lines[0].price', 'lines.0.price'],
      ['lines.line1.price', 'lines.0.price'],
      ['line3.description', 'lines.2.description'],
      ['reference[line1]', 'reference.line1'],
      ['reference.line1', 'reference.line1'],
      ['email', 'email'],
      [' email ', 'email'],
      ['line0.price', 'line0.price'],
    ];
    expect(cases.map(([name]) => [name, fieldPath(name)])).toEqual(cases);
  });

  it('keeps the key out of every shape', () => {
    const e = at(422, JSON.stringify({ message: 'key s3cret-key-123', errors: { 's3cret-key-123': ['s3cret-key-123 echoed'] } }));
    expect(JSON.stringify(e.toJSON()) + e.message).not.toContain('s3cret-key-123');
  });
});

describe("a network's login page", () => {
  it('is a 511, named as such, offline, and of unknown outcome for a write', () => {
    expect(at(511, '<html>sign in</html>')).toMatchObject({ kind: 'offline', messageKey: 'api.login_page', outcome: 'unknown', status: 511 });
    expect(at(511, '', {}, { method: 'GET' }).outcome).toBe('not_applied');
  });
});

import { describe, expect, it } from 'vitest';
import { errorFromStatus, errorFromTransport, redact, type FailedRequest } from '../../electron/api/classify';

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
    expect(at(500).outcome).toBe('not_applied');
    expect(at(503).message).toMatch(/status 503/);
  });

  it('reads field errors from the {"errors": [...]} body only', () => {
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
    const opaque = at(400, 'Parameter clientnr missing');
    expect(opaque.fieldErrors).toEqual([]);
    expect(opaque.message).toContain('Parameter clientnr missing');
    expect(at(400, '<html><body>Bad</body></html>').serverMessage).toBeUndefined();
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
      expect([code, errorFromTransport(err(code!), ctx, false)]).toEqual([code, expect.objectContaining({ kind, outcome })]);
    }
    expect(errorFromTransport(err('ECONNRESET'), { ...ctx, method: 'GET' }, false).outcome).toBe('not_applied');
    expect(errorFromTransport(new AggregateError([err('ECONNREFUSED')]), ctx, false).kind).toBe('offline');
    expect(errorFromTransport(err('ENOTFOUND'), ctx, false).message).toContain('invoicing.example.com');
    expect(errorFromTransport(new Error('whatever'), ctx, true)).toMatchObject({ kind: 'aborted', outcome: 'unknown' });
  });

  it('keeps nothing of the original error', () => {
    const original = Object.assign(new Error('boom'), { code: 'ECONNRESET', options: { headers: { authorization: 'Basic ZGVtbzpzM2NyZXQta2V5LTEyMw==' } } });
    const e = errorFromTransport(original, ctx, false);
    expect(e.cause).toBeUndefined();
    expect(JSON.stringify(e) + String(e.stack)).not.toContain('ZGVtbzpz');
  });
});

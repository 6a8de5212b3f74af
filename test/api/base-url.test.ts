import { describe, expect, it } from 'vitest';
import { ApiError, isLoopbackHost, parseBaseUrl } from '../../electron/api';

function refused(url: string): ApiError {
  try {
    parseBaseUrl(url);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error(`${url} was accepted`);
}

describe('base URL', () => {
  it('accepts https anywhere and http only on this computer', () => {
    expect(parseBaseUrl('https://invoicing.example.com/api/v1/')).toMatchObject({
      origin: 'https://invoicing.example.com',
      path: '/api/v1',
      href: 'https://invoicing.example.com/api/v1',
    });
    expect(parseBaseUrl('http://127.0.0.1:4000/api/v1').href).toBe('http://127.0.0.1:4000/api/v1');
    expect(parseBaseUrl('http://127.8.9.10:4000/api/v1').host).toBe('127.8.9.10:4000');
    expect(parseBaseUrl('http://[::1]:4000/api/v1').origin).toBe('http://[::1]:4000');
  });

  it('takes loopback to be an address written as such, never a name', () => {
    for (const host of ['127.0.0.1', '127.255.255.254', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost', 'foo.localhost', 'LOCALHOST', '127.0.0.1.nip.io', '127.0.0.256', '128.0.0.1', '0.0.0.0', '::2', '127.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
    for (const url of ['http://localhost:4000/api/v1', 'http://foo.localhost/api/v1'])
      expect(refused(url)).toMatchObject({ kind: 'invalid_url', messageKey: 'api.insecure_url' });
  });

  it('adds /api/v1 to a bare host', () => {
    expect(parseBaseUrl(' https://invoicing.example.com ').href).toBe('https://invoicing.example.com/api/v1');
  });

  it('refuses a remote http:// address with its own message', () => {
    for (const url of ['http://invoicing.example.com/api/v1', 'http://10.0.0.5/api/v1', 'http://127.example.com/api/v1']) {
      const e = refused(url);
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ kind: 'invalid_url', messageKey: 'api.insecure_url', outcome: 'not_applied' });
      expect(e.message).toMatch(/must start with https:\/\//);
    }
  });

  it('refuses what is not a usable address', () => {
    for (const url of [
      '',
      'invoicing.example.com',
      'ftp://example.com',
      'https://user:pw@example.com/api/v1',
      'https://example.com/api/v1?x=1',
      'https://example.com/#a',
    ]) {
      expect(refused(url)).toMatchObject({ kind: 'invalid_url', messageKey: 'api.invalid_url' });
    }
  });
});

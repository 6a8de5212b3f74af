// Which file a request path means, for both hosts.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { contentType, resolveAppFile } from '../../electron/core/app-files';

const root = '/srv/app/renderer';

it('maps the page and client routes to index.html and assets to their files', () => {
  expect(resolveAppFile(root, '/')).toEqual({ file: join(root, 'index.html'), isPage: true });
  expect(resolveAppFile(root, '/index.html')).toEqual({ file: join(root, 'index.html'), isPage: true });
  expect(resolveAppFile(root, '/quotations/42')).toEqual({ file: join(root, 'index.html'), isPage: true });
  expect(resolveAppFile(root, '/assets/index-abc.js')).toEqual({ file: join(root, 'assets', 'index-abc.js'), isPage: false });
  expect(resolveAppFile(root, '/assets/a%20b.css')).toEqual({ file: join(root, 'assets', 'a b.css'), isPage: false });
});

it('never resolves outside the folder, nor malformed paths', () => {
  for (const p of [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2F..%2Fetc%2Fpasswd.txt',
    '/a%00.js',
    '/%E0%A4%A.js',
    '/../renderer-other/x.js',
  ]) {
    expect(resolveAppFile(root, p), p).toBeNull();
  }
});

it('names content types, with a safe default', () => {
  expect(contentType('index.html')).toBe('text/html; charset=utf-8');
  expect(contentType('/x/app.JS')).toBe('text/javascript; charset=utf-8');
  expect(contentType('x.bin')).toBe('application/octet-stream');
});

// Which file of the built renderer a request path means, for both hosts (the
// Electron app:// protocol and the web host). Paths never leave the renderer
// folder; any path without an extension is the single page (client routing).
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface AppFile {
  file: string;
  /** the page itself (index.html), as opposed to one of its assets */
  isPage: boolean;
}

/** The file for a URL path, or null when the path is malformed or points outside the folder. */
export function resolveAppFile(rendererDir: string, urlPath: string): AppFile | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const isPage = rel === '' || rel === '/' || rel === '/index.html' || extname(rel) === '';
  const root = normalize(rendererDir);
  const file = normalize(join(root, isPage ? 'index.html' : rel));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return { file, isPage };
}

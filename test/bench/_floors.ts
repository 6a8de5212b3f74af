// The floors the api and sync benchmarks compare with: bare undici asking
// for the same pages as the client does, and doing with each body the least
// any client that reads records must do (parse it; write its records).
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { Pool } from 'undici';
import { authorization } from './_account';
import { settle } from './_stats';

/** The paths of a list read `page` rows at a time, up to the short page that ends it (empty when it ends on a full one). */
export function listPaths(base: string, list: string, total: number, page: number): string[] {
  const paths: string[] = [];
  for (let start = 0; start <= total; start += page) paths.push(`${base}/${list}?count=${page}&start=${start}`);
  return paths;
}

async function fetchText(pool: Pool, path: string): Promise<string> {
  const res = await pool.request({ method: 'GET', path, headers: { authorization, accept: 'application/json' } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode} for ${path}: ${text.slice(0, 200)}`);
  return text;
}

/**
 * Fetches `paths` in order and hands each body to `each`. With `ahead` the
 * next request goes out before `each` holds the thread, as the client's
 * pager does (two turns of the event loop let it reach the wire first), so
 * the service prepares a page while the one before is read: the floor gets
 * every overlap the client gets. Gives the bytes read.
 */
export async function walk(pool: Pool, paths: readonly string[], each: (text: string) => void, ahead = true): Promise<number> {
  let bytes = 0;
  let next: Promise<string> | undefined = paths.length > 0 ? fetchText(pool, paths[0]!) : undefined;
  for (let i = 0; next !== undefined; i++) {
    const text = await next;
    const after = i + 1 < paths.length ? paths[i + 1]! : undefined;
    next = after !== undefined && ahead ? fetchText(pool, after) : undefined;
    // an unread rejection of a page asked ahead would end the process before `each` throws its own error
    next?.catch(() => undefined);
    if (next !== undefined) {
      await nextTurn();
      await nextTurn();
    }
    bytes += text.length;
    each(text);
    if (after !== undefined && !ahead) next = fetchText(pool, after);
  }
  return bytes;
}

/** Fetch + parse: each body through JSON.parse, nothing else. Gives the records read. */
export async function fetchParse(pool: Pool, paths: readonly string[], each: (records: unknown[]) => void = () => {}, ahead = true): Promise<number> {
  let rows = 0;
  await walk(
    pool,
    paths,
    (text) => {
      const records = JSON.parse(text) as unknown;
      if (!Array.isArray(records)) throw new Error('a page that is not a list');
      rows += records.length;
      each(records);
    },
    ahead,
  );
  return rows;
}

/** Every page a first pull asks for, in its order, `page` rows at a time. */
export function pullPaths(base: string, counts: { clients: number; products: number; quotations: number }, page: number): string[] {
  return [
    `${base}/countrylist`,
    ...(['clients', 'products', 'quotations'] as const).flatMap((list) => listPaths(base, list, counts[list], page)),
    `${base}/profiles`,
    `${base}/categories`,
  ];
}

/**
 * Where the floor of a first pull writes: a new SQLite file in WAL, as
 * durable as the store's (synchronous FULL), with one table of JSON rows and
 * nothing but a key: no search index, no list columns, no lookups of what is
 * known. `write` takes a page's records in a transaction of their own.
 */
export function bareRowsFile(file: string): { write: (page: unknown[]) => void; close: () => void } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE records (rid INTEGER PRIMARY KEY, json TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO records (json) VALUES (?)');
  const write = db.transaction((page: unknown[]) => {
    for (const r of page) insert.run(JSON.stringify(r));
  });
  return { write, close: () => db.close() };
}

/** The floor of a first pull: the same pages fetched and parsed, their records written to `file` as bare rows (bareRowsFile). Gives the time (ms). */
export async function bareRows(pool: Pool, paths: readonly string[], file: string): Promise<number> {
  const rows = bareRowsFile(file);
  try {
    settle();
    const t0 = performance.now();
    await fetchParse(pool, paths, rows.write);
    return performance.now() - t0;
  } finally {
    rows.close();
  }
}

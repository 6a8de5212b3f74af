import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openStore, type Store } from '../../electron/store';

/** A clock tests move by hand. */
export function manualClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
  let t = start;
  const clock = () => t;
  return Object.assign(clock, {
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  });
}

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Closes `store` after the test, with the others. */
export function closeLater<T extends { close(): void }>(s: T): T {
  stores.push(s as unknown as Store);
  return s;
}

export function scratchDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'quotedesk-store-'));
  dirs.push(d);
  return d;
}

export function scratchStore(clock = manualClock()): { store: Store; path: string; clock: ReturnType<typeof manualClock> } {
  const path = join(scratchDir(), 'quotedesk.sqlite');
  const store = openStore(path, { clock });
  stores.push(store);
  return { store, path, clock };
}

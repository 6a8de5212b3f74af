// A type-ahead's searches answered out of order and after Enter: the list
// shows the answer to the newest text only, and Enter pressed before that
// answer came chooses from it, not from an older text's matches.
import { describe, expect, it } from 'vitest';
import { typeAhead } from '../../renderer/lib/type-ahead';

/** A search whose answers the test gives, one per query, in any order. */
function heldSearch() {
  const waiting = new Map<string, (found: string[]) => void>();
  return {
    search: (query: string) => new Promise<string[]>((resolve) => waiting.set(query, resolve)),
    answer(query: string, found: string[]) {
      waiting.get(query)!(found);
    },
  };
}

const turns = () => new Promise((r) => setTimeout(r, 0));

describe('a type-ahead', () => {
  it('shows the newest text’s matches, dropping an older text’s answer that comes after them', async () => {
    const held = heldSearch();
    const shown: string[][] = [];
    const t = typeAhead(held.search, (found) => shown.push(found));
    void t.run('V');
    void t.run('VISITE');
    held.answer('VISITE', ['Visitekaartje']);
    await turns();
    held.answer('V', ['Verzendkosten', 'Visitekaartje']);
    await turns();
    expect(shown).toEqual([['Visitekaartje']]);
    expect(t.shows('VISITE')).toBe(true);
    expect(t.shows('V')).toBe(false);
  });

  it('waits, on Enter, for the answer to what is typed now, while an older answer is shown', async () => {
    const held = heldSearch();
    const shown: string[][] = [];
    const t = typeAhead(held.search, (found) => shown.push(found));
    let text = 'V';
    void t.run(text);
    held.answer('V', ['Verzendkosten', 'Visitekaartje']);
    await turns();
    text = 'VISITE';
    void t.run(text);
    // Enter now: the list still shows V's matches
    expect(t.shows(text)).toBe(false);
    let settled: boolean | null = null;
    void t.settled(() => text).then((ok) => (settled = ok));
    await turns();
    expect(settled).toBeNull();
    held.answer('VISITE', ['Visitekaartje']);
    await turns();
    expect(settled).toBe(true);
    expect(shown.at(-1)).toEqual(['Visitekaartje']);
  });

  it('follows the text as typing goes on while it waits, and gives up when no search for it is under way', async () => {
    const held = heldSearch();
    const t = typeAhead(held.search, () => undefined);
    let text = 'VI';
    void t.run(text);
    let settled: boolean | null = null;
    void t.settled(() => text).then((ok) => (settled = ok));
    text = 'VIS';
    void t.run(text);
    held.answer('VI', ['Visitekaartje']);
    await turns();
    expect(settled).toBeNull();
    held.answer('VIS', ['Visitekaartje']);
    await turns();
    expect(settled).toBe(true);

    // the text changed without a search (set from outside): nothing will answer it
    text = 'iets anders';
    expect(await t.settled(() => text)).toBe(false);
  });

  it('takes a failed search as no matches', async () => {
    const shown: string[][] = [];
    const t = typeAhead(
      () => Promise.reject(new Error('the bridge is gone')),
      (found: string[]) => shown.push(found),
    );
    await t.run('X');
    expect(shown).toEqual([[]]);
    expect(t.shows('X')).toBe(true);
  });
});

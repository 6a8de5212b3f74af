import { describe, expect, it } from 'vitest';
import { newId } from '../../electron/store/ids';

describe('local ids', () => {
  it('are UUIDs that sort in the order they were made, so their unique index grows at its end', async () => {
    const made: string[] = [];
    for (let round = 0; round < 5; round++) {
      // ids of different milliseconds: within one, only the random part differs
      made.push(newId());
      await new Promise((r) => setTimeout(r, 2));
    }
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
  });

  it('are unique however many are made in one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
  });
});

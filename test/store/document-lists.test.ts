// The kept lists of profiles and categories: replaced by what the service
// answers, written only when something changed, marked when not offered.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openStore, type Store } from '../../electron/store';
import { closeLater, scratchDir } from './helpers';

function store(): Store {
  return closeLater(openStore(join(scratchDir(), 'q.sqlite')));
}

describe('document lists', () => {
  it('keeps the service order, the default profile, and the last word for an id named twice', () => {
    const s = store();
    s.documentLists.put(
      'profiles',
      [
        { id: 5, name: 'Zakelijk' },
        { id: 1, name: 'Standaard', default: true },
        { id: 5, name: 'Zakelijk 2' },
      ],
      10,
    );
    expect(s.documentLists.get('profiles')).toEqual({
      state: 'available',
      readAt: 10,
      items: [
        { id: 5, name: 'Zakelijk 2', isDefault: false },
        { id: 1, name: 'Standaard', isDefault: true },
      ],
    });
    expect(s.documentLists.nameOf('profiles', 1)).toBe('Standaard');
    expect(s.documentLists.nameOf('profiles', 9)).toBeNull();
  });

  it('tells the screens only about a change', () => {
    const s = store();
    const told: string[][] = [];
    s.events.on('changed', (e) => told.push(e));
    s.documentLists.put('categories', [{ id: 1, name: 'Algemeen' }], 1);
    s.documentLists.put('categories', [{ id: 1, name: 'Algemeen' }], 2);
    s.documentLists.put('categories', [{ id: 1, name: 'Algemeen (oud)' }], 3);
    expect(told).toEqual([['categories'], ['categories']]);
    expect(s.documentLists.get('categories').readAt).toBe(3);
  });

  it('a list no longer offered keeps its entries, marked not available', () => {
    const s = store();
    s.documentLists.put('categories', [{ id: 1, name: 'Algemeen' }], 1);
    s.documentLists.markUnavailable('categories', 2);
    expect(s.documentLists.get('categories')).toEqual({ state: 'unavailable', readAt: 2, items: [{ id: 1, name: 'Algemeen', isDefault: false }] });
    s.documentLists.put('categories', [{ id: 1, name: 'Algemeen' }], 3);
    expect(s.documentLists.get('categories').state).toBe('available');
  });
});

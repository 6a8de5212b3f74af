// The selection of lines in the editor: one quotation's, in the quotation's
// order, losing lines that go and starting over for another quotation.
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useLineSelectionStore } from '../../renderer/stores/line-selection';

beforeEach(() => {
  setActivePinia(createPinia());
});

describe('line selection', () => {
  it('gives the selected lines in the quotation order, whatever the order they were ticked in', () => {
    const s = useLineSelectionStore();
    s.forQuotation('q1');
    s.set('c', true);
    s.set('a', true);
    s.set('b', true);
    s.set('b', false);
    expect(s.inOrder(['a', 'b', 'c', 'd'])).toEqual(['a', 'c']);
    expect(s.size).toBe(2);
    s.setAll(['a', 'b', 'c', 'd'], true);
    expect(s.size).toBe(4);
    s.setAll(['a', 'b', 'c', 'd'], false);
    expect(s.size).toBe(0);
  });

  it('drops lines that went, and starts over for another quotation but not for the same one', () => {
    const s = useLineSelectionStore();
    s.forQuotation('q1');
    s.setAll(['a', 'b', 'c'], true);
    const before = s.ids;
    s.keepOnly(['a', 'b', 'c', 'd']);
    // nothing went: the same set, so nothing re-renders
    expect(s.ids).toBe(before);
    s.keepOnly(['a', 'c']);
    expect(s.inOrder(['a', 'b', 'c'])).toEqual(['a', 'c']);
    s.forQuotation('q1');
    expect(s.size).toBe(2);
    s.forQuotation('q2');
    expect(s.size).toBe(0);
    expect(s.has('a')).toBe(false);
  });
});

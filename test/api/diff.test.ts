import { describe, expect, it } from 'vitest';
import { changedFields } from '../../electron/api';

describe('changedFields', () => {
  it('keeps only what changed, comparing nested values by value', () => {
    const before = { company: 'A', phone: '1', reference: { line1: 'x', line2: '' }, active: true, mandate_date: null as string | null };
    const after = { company: 'A', phone: '2', reference: { line1: 'x', line2: '' }, active: false, mandate_date: null as string | null };
    expect(changedFields(before, after)).toEqual({ phone: '2', active: false });
    expect(changedFields(before, { ...before, reference: { line1: 'y', line2: '' } })).toEqual({ reference: { line1: 'y', line2: '' } });
    expect(changedFields(before, { ...before })).toEqual({});
    expect(changedFields<Record<string, unknown>>({ lines: [{ a: 1 }] }, { lines: [{ a: 1 }, { a: 2 }] })).toEqual({ lines: [{ a: 1 }, { a: 2 }] });
  });
});

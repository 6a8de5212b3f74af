import { describe, expect, it } from 'vitest';
import { matchesFilter, matchesQuery } from '../../renderer/stores/quotations';
import type { QuotationSummary } from '../../shared/bridge';

const base: QuotationSummary = {
  id: 'q1',
  serverId: 1042,
  savename: 'Verbouwing keuken',
  quotationreference: 'OFF-2026-014',
  client: { id: 'c1', clientnr: 7, name: 'Bakkerij Jansen' },
  date: '2026-11-21',
  totalintax: '1210.00',
  currency: 'EUR',
  state: 'saved',
  customstatus: null,
  updatedAt: '2026-11-21T10:00:00Z',
};

describe('quotation list search and filter', () => {
  it('matches every word anywhere, case-insensitively', () => {
    expect(matchesQuery(base, 'jansen keuken')).toBe(true);
    expect(matchesQuery(base, 'JANSEN')).toBe(true);
    expect(matchesQuery(base, 'off-2026')).toBe(true);
    // the service's id is shown nowhere, so nothing is found by it (docs/numbering.md, One number per quotation)
    expect(matchesQuery(base, '1042')).toBe(false);
    expect(matchesQuery(base, 'jansen badkamer')).toBe(false);
    expect(matchesQuery(base, '   ')).toBe(true);
  });

  it('groups states into drafts, sent and attention', () => {
    expect(matchesFilter(base, 'drafts')).toBe(true);
    expect(matchesFilter({ ...base, state: 'approved' }, 'sent')).toBe(true);
    expect(matchesFilter({ ...base, state: 'conflict' }, 'attention')).toBe(true);
    expect(matchesFilter({ ...base, state: 'sent' }, 'drafts')).toBe(false);
    expect(matchesFilter(base, 'all')).toBe(true);
  });
});

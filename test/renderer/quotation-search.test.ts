// The quotation list's search folds accents as the clients' search does.
import { describe, expect, it } from 'vitest';
import { matchesQuery } from '../../renderer/stores/quotations';
import type { QuotationSummary } from '../../shared/bridge';

const cafe: QuotationSummary = {
  id: 'q1',
  serverId: 7,
  savename: 'Terras',
  quotationreference: 'OF2026-0007',
  client: { id: 'c1', clientnr: 1, name: "Café 't Hoekje" },
  date: '2026-03-01',
  totalintax: '99.50',
  currency: 'EUR',
  state: 'sent',
  customstatus: null,
  updatedAt: '2026-03-01T10:00:00Z',
};

describe('quotation search without accents', () => {
  it('finds Café by "cafe", and the other way round', () => {
    expect(matchesQuery(cafe, 'cafe')).toBe(true);
    expect(matchesQuery(cafe, 'CAFE hoekje')).toBe(true);
    expect(matchesQuery({ ...cafe, client: { id: 'c2', clientnr: 2, name: 'Cafe Noord' } }, 'café')).toBe(true);
    expect(matchesQuery({ ...cafe, client: { id: 'c3', clientnr: 3, name: 'Émile Dubois' } }, 'emile')).toBe(true);
    expect(matchesQuery(cafe, 'cafe zon')).toBe(false);
  });
});

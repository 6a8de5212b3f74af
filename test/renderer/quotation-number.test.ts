// A quotation goes by one number wherever a person reads it: its reference,
// or "concept" / "draft" before it has one, never the service's id
// (docs/numbering.md, One number per quotation).
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { quotationNumber, quotationWindowTitle } from '../../renderer/lib/quotation-number';
import { operationText } from '../../renderer/lib/attention-text';
import { matchesQuery } from '../../renderer/stores/quotations';
import type { QuotationSummary } from '../../shared/bridge';

const tr = (lang: 'nl' | 'en') => createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;

describe('the one number of a quotation', () => {
  it('is its reference, or "concept" in Dutch and "draft" in English until it has one', () => {
    expect(quotationNumber({ quotationreference: 'OF2026-0002' }, tr('nl'))).toBe('OF2026-0002');
    expect(quotationNumber({ quotationreference: '' }, tr('nl'))).toBe('concept');
    expect(quotationNumber({ quotationreference: null }, tr('en'))).toBe('draft');
    // sent while the service numbers, its answer not back yet: not a draft any more
    expect(quotationNumber({ quotationreference: '', sent: true }, tr('nl'))).toBe('nummer volgt van de service');
  });

  it('names the window by that number and the client', () => {
    expect(quotationWindowTitle({ quotationreference: 'OF2026-0002' }, 'Schilderwerken De Kwast', tr('nl'))).toBe(
      'Offerte OF2026-0002 · Schilderwerken De Kwast — quotedesk',
    );
    expect(quotationWindowTitle({ quotationreference: '' }, null, tr('nl'))).toBe('Offerte concept — quotedesk');
    expect(quotationWindowTitle({ quotationreference: '' }, 'Acme BV', tr('en'))).toBe('Quotation draft · Acme BV — quotedesk');
  });

  it('names a waiting operation on a draft without a number "concept", not by an id', () => {
    const save = { kind: 'quotation.save', label: 'Save quotation qd-0123 to Acme BV', reference: '', clientName: 'Acme BV' };
    expect(operationText(save, tr('nl'))).toBe('Offerte voor Acme BV (concept) opslaan');
    expect(operationText({ ...save, clientName: '' }, tr('en'))).toBe('Save quotation draft');
  });

  it('is what a search finds a quotation by; the service’s id, shown nowhere, is not', () => {
    const q: QuotationSummary = {
      id: 'q1',
      serverId: 7,
      savename: 'qd-0123',
      quotationreference: 'OF2026-0002',
      client: { id: 'c1', clientnr: 1, name: 'Schilderwerken De Kwast' },
      date: '2026-03-01',
      totalintax: '1250.00',
      currency: 'EUR',
      state: 'sent',
      customstatus: null,
      updatedAt: '2026-03-01T10:00:00Z',
    };
    expect(matchesQuery(q, 'OF2026-0002')).toBe(true);
    expect(matchesQuery(q, '7')).toBe(false);
  });
});

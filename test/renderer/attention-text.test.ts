import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../renderer/i18n';
import { attemptsText, operationText, reasonText } from '../../renderer/lib/attention-text';
import { fieldLabel } from '../../renderer/lib/field-text';

const tr = (lang: 'nl' | 'en') => createAppI18n(lang).global.t as (key: string, params?: Record<string, unknown>) => string;

describe('attention panel texts', () => {
  const save = { kind: 'quotation.save', label: 'Save quotation QD-1 to Acme BV', reference: 'QD-1', clientName: 'Acme BV' };

  it('names the operation in the UI language', () => {
    expect(operationText(save, tr('nl'))).toBe('Offerte voor Acme BV (QD-1) opslaan');
    expect(operationText(save, tr('en'))).toBe('Save quotation for Acme BV (QD-1)');
    expect(operationText({ ...save, clientName: '' }, tr('nl'))).toBe('Offerte QD-1 opslaan');
    expect(operationText({ kind: 'client.delete', label: 'Delete client Acme BV', reference: '', clientName: 'Acme BV' }, tr('nl'))).toBe(
      'Klant Acme BV verwijderen',
    );
    expect(operationText({ kind: 'future.op', label: 'As the main process says', reference: '', clientName: '' }, tr('nl'))).toBe('As the main process says');
  });

  it('says why it waits in Dutch, keeping only what the main process alone can word', () => {
    const nl = tr('nl');
    const validation = {
      kind: 'validation',
      message: 'The service did not accept the data: lines.1: …',
      params: { detail: 'The service did not accept the data: lines.1: …' },
    };
    expect(reasonText(validation, nl)).toEqual({ text: 'De service accepteert sommige velden niet. Verbeter ze en probeer het opnieuw.', detail: null });
    expect(reasonText({ kind: 'has_documents', message: 'x', params: { detail: 'x' } }, nl).text).toMatch(/documenten/);
    expect(
      reasonText({ kind: 'other', message: 'x', params: { detail: 'This quotation has not been sent; send it first, or discard this change.' } }, nl).text,
    ).toMatch(/nog niet verstuurd/);
    expect(reasonText({ kind: 'other', message: 'x', params: { detail: 'Disk full.' } }, nl)).toEqual({
      text: 'Deze bewerking kon niet worden afgerond.',
      detail: 'Disk full.',
    });
  });

  it('says a reason the outbox kept with its key in the UI language, the English words left out', () => {
    const reason = {
      kind: 'other',
      messageKey: 'parked.product.not_created',
      message: 'This product does not exist on the service yet; its create was discarded. Discard this change too, or create the product again.',
      params: {},
    };
    expect(reasonText(reason, tr('nl'), 'nl')).toEqual({
      text: 'Dit product is nooit op de service aangemaakt; het aanmaken is weggegooid. Gooi ook deze wijziging weg, of maak het product opnieuw aan.',
      detail: null,
    });
    expect(reasonText(reason, tr('en'), 'en')).toEqual({ text: reason.message, detail: null });
    // the service's own error kept with its key, of a kind the panel has no text of its own for
    const refused = { kind: 'other', messageKey: 'api.method_not_allowed', message: 'english', params: { status: 405 } };
    expect(reasonText(refused, tr('nl'), 'nl').text).toMatch(/^De service biedt deze bewerking niet aan/);
  });

  it("names the service's fields as the editor does", () => {
    const nl = tr('nl');
    expect(fieldLabel('quotation', 'lines.1', nl)).toBe('Regel 2');
    expect(fieldLabel('quotation', 'lines.0.price', nl)).toBe('Regel 1, Prijs');
    expect(fieldLabel('quotation', 'clientnr', nl)).toBe('Klant');
    expect(fieldLabel('client', 'email', nl)).toBe('E-mail');
  });

  it('counts attempts without "tried 0 times"', () => {
    const en = tr('en');
    expect(attemptsText(0, '22 Nov', en)).toBe('Waiting since 22 Nov');
    expect(attemptsText(1, '22 Nov', en)).toBe('Tried once, on 22 Nov');
    expect(attemptsText(3, '22 Nov', en)).toBe('Tried 3 times, first on 22 Nov');
  });
});

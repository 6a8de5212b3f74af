// Which text lines read as headings on our document: a short title, not a
// sentence. An opening or closing text (a new quotation's standard words,
// docs/everyday-defaults.md) is said, so it neither prints as a heading nor
// starts a group of lines with its own subtotal.
import { describe, expect, it } from 'vitest';
import { documentRows, textKind } from '../../renderer/lib/document-sums';
import type { LineView } from '../../shared/bridge';

const text = (description: string) => ({ description });

describe('a text line on the document', () => {
  it('is a heading when it is a short title', () => {
    for (const t of ['Buitenschilderwerk', 'Woonkamer', 'Materialen:', 'Kozijnen (voorzijde)']) expect(textKind(text(t)), t).toBe('heading');
  });

  it('is a note when it is a sentence, longer than a title, or over several lines', () => {
    for (const t of [
      'Hierbij ontvangt u onze offerte.',
      'Geachte heer Jansen,',
      'Wij hopen u hiermee van dienst te zijn!',
      'Vragen?',
      'Eerst de kozijnen; daarna de deuren;',
      'Een lange toelichting op het werk die langer is dan een kop ooit zou zijn, zoals deze regel hier',
      'Twee\nregels',
    ])
      expect(textKind(text(t)), t).toBe('note');
  });

  it('starts no group of its own under the subtotals option when it is the opening text', () => {
    const line = (id: string, fields: Partial<LineView>) => ({ id, description: '', amount: null, price: null, ...fields }) as unknown as LineView;
    const rows = documentRows(
      [
        line('o', { description: 'Hierbij ontvangt u onze offerte voor het schilderwerk.' }),
        line('h', { description: 'Buitenschilderwerk' }),
        line('a', { description: 'Kozijnen', amount: 2, price: 100, tax_rate: 21 }),
      ],
      true,
    );
    expect(rows.map((r) => r.kind)).toEqual(['note', 'heading', 'line', 'subtotal']);
  });
});

// A quotation line's fields (docs/service-api.md, Quotation lines), declared
// once: what derives from them is in docs/fields.md. A line's money (its
// total, the tax of a price incl. tax) is worked out by hand
// (shared/money.ts, the sandbox's pricing.ts). A line's view
// (electron/bridge/to-views.ts, lineView) holds only what was set, each
// field as its `view` shows it (a flag only when on).
import { decimal, flag, text, TYPED_NUMBER } from './builders';

// the editor hands over a number, or the text typed when it reads as none (shared/typed-number.ts)
const percentage = { places: 2, min: 0, max: 100, message: 'must be a percentage from 0 to 100', patch: TYPED_NUMBER } as const;

export const LINE_TABLE = {
  amount: decimal({ places: 3, patch: TYPED_NUMBER, label: 'line.quantity' }),
  amount_desc: text({ label: 'line.unit' }),
  description: text({ label: 'line.description' }),
  tax_rate: decimal({ ...percentage, label: 'line.tax' }),
  price: decimal({ places: 3, patch: TYPED_NUMBER, label: 'line.price' }),
  discount_pct: decimal({ ...percentage, label: 'line.discount' }),
  /** a foreign tax for this line: input only, the service takes it and never writes it back (shared/input-only.ts) */
  tax_country: flag({ label: 'line.taxCountryOn' }),
  /** as the service worked it out */
  linetotal: decimal({ readOnly: true }),
};

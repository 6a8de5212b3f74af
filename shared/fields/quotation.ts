// A quotation's fields (docs/service-api.md, Quotations), declared once, in
// the order the service lists them: what derives from them is in
// docs/fields.md. The header fields the page edits are kept in the draft's
// JSON (place 'json'); a plain one (text, a number, a flag) needs nothing
// but its line here, its input on the editor's screen and its words in the
// two catalogues. Fields with behaviour of their own are marked and written
// by hand where they act: the client (clientnr, kept as the local client),
// the reference lines (a group: each line merges on its own), the lines
// (their own table and their money), profile and category (0 is none), the
// date (today's, where a new draft starts), discounttype with discount (the
// totals), and what the service alone writes (readOnly).
import { z } from 'zod';
import { choice, date, decimal, flag, group, int, list, own, PATCH, REFERENCE_LINES, text, TYPED_NUMBER } from './builders';
import { readDate } from './read';
import { text as sendText } from './send';
import { LINE_TABLE } from './line';

export const DISCOUNT_TYPES = ['amount', 'percentage'] as const;
export const CUSTOM_STATUSES = ['progress', 'completed', 'billable', 'declined'] as const;
/** A sent quotation's own status (besides approved): the one declaration of it, from the list above. */
export type CustomStatus = (typeof CUSTOM_STATUSES)[number];

/** An approval as a record carries it: none is false, "", null or []; a zero date is no date. */
export const approvalRecord = z.preprocess(
  (v) => (v === false || v === 'false' || v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? null : v),
  z.object({ name: sendText(), date: readDate.transform((d) => d ?? null), ip: sendText().optional(), comments: sendText().optional() }).nullable(),
);
export type Approval = z.output<typeof approvalRecord>;

export const QUOTATION_TABLE = {
  id: int({ readOnly: true, required: true }),
  clientnr: int({ min: 1, message: 'must be a client number', required: true, place: 'own', label: 'editor.client' }),
  /** unique name of a saved draft, given here (docs/numbering.md) */
  savename: text({ max: 40, place: 'column', label: 'conflict.label.savename' }),
  overwrite_if_exist: flag({ place: 'none' }),
  /** the public reference printed on the document, given here (docs/numbering.md) */
  quotationreference: text({ max: 40, place: 'column', label: 'quotations.col.reference' }),
  /** named "Reference 1…3" by renderer/lib/field-text.ts, and printed as "Your reference" */
  reference: group(REFERENCE_LINES, { layout: 10 }),
  lines: list(LINE_TABLE, { place: 'own', label: 'editor.lines' }),
  /** the layout profile chosen; null for the page: the service's default */
  profile: int({ none: 0, label: 'conflict.label.profile', layout: 80 }),
  /** the category chosen; null for the page: none */
  category: int({ none: 0, label: 'conflict.label.category', layout: 90 }),
  // '' (no discount) is what a record read back carries; accepted so whole records can be sent back
  discounttype: choice(DISCOUNT_TYPES, {
    empty: true,
    label: 'editor.discountType',
    options: { amount: 'editor.discountAmount', percentage: 'editor.discountPercentage' },
    layout: 40,
  }),
  discount: decimal({ places: 3, min: 0, message: 'must be 0 or more', patch: TYPED_NUMBER, label: 'editor.discount', layout: 50 }),
  paymentcondition: text({ label: 'editor.paymentcondition', layout: 60, document: 'document.paymentcondition', sent: 'line' }),
  quotationperiod: int({
    min: 0,
    message: 'must be 0 or more days',
    // a number, or the text typed when it reads as none (shared/typed-number.ts)
    patch: z.union([z.number().int().min(0).max(100_000), PATCH.text]).nullable(),
    label: 'editor.period',
    layout: 30,
  }),
  showtotals: flag({ default: true, label: 'editor.showtotals', layout: 70 }),
  date: date({ label: 'editor.date', layout: 20 }),
  /** internal: never on the document */
  notes: text({ label: 'editor.notes', layout: 110, sent: 'block' }),
  /** the service converts the line prices (in the client's currency) to euro */
  convert_prices_to_euro: flag({ label: 'conflict.label.convertPricesToEuro', layout: 100 }),
  profile_name: text({ readOnly: true }),
  category_name: text({ readOnly: true }),
  datedue: date({ readOnly: true }),
  totalintax: decimal({ readOnly: true }),
  sent: flag({ readOnly: true }),
  customstatus: choice(CUSTOM_STATUSES, { empty: true, readOnly: true }),
  approved: own({ read: approvalRecord, readOnly: true, default: null }),
  // the client's details, as the service copied them when the quotation was saved or sent
  contact: text({ readOnly: true }),
  company: text({ readOnly: true }),
  address: text({ readOnly: true }),
  zipcode: text({ readOnly: true }),
  city: text({ readOnly: true }),
  country: int({ readOnly: true }),
  phone: text({ readOnly: true }),
  mobile: text({ readOnly: true }),
  email: text({ readOnly: true }),
  sign_url: text({ readOnly: true }),
};

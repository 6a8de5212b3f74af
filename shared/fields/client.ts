// A client's fields (docs/service-api.md, Clients), declared once, in the
// order the service lists them: what derives from them is in
// docs/fields.md. The client's editor hands the bridge its choices as text
// and its numbers as typed, so that what was typed is kept and its problem
// shown beside the field: those patches are given here (PATCH). The
// client's number is the record's own (required); the country is an id, or
// a name the service turns into one (own); the reference lines are a group.
import { z } from 'zod';
import { choice, date, decimal, email, flag, group, int, own, PATCH, REFERENCE_LINES, text } from './builders';
import { readInt } from './read';
import { int as sendInt, text as sendText } from './send';

export const SENDMETHODS = ['mail', 'email', 'printcenter'] as const;
/** How the service delivers a quotation: the one declaration of it, from the list above. */
export type SendMethod = (typeof SENDMETHODS)[number];
export const PAYMENTMETHODS = ['bank', 'autocollect'] as const;
export const DOCLANGS = ['', 'nl', 'en', 'de', 'fr', 'es', 'it'] as const;
export const COLLECTTYPES = ['OOFF', 'FRST', 'RCUR'] as const;
export const TAX_TYPES = ['intax', 'extax'] as const;

const typedNumber = PATCH.number.nullable();

export const CLIENT_TABLE = {
  clientnr: int({ min: 1, message: 'must be a positive number', required: true, place: 'own' }),
  contact: text({ max: 50, label: 'client.field.contact' }),
  showcontact: flag({ default: true, label: 'client.field.showcontact' }),
  company: text({ max: 50, label: 'client.field.company' }),
  address: text({ max: 50, label: 'client.field.address' }),
  address_addon: text({ max: 50, label: 'client.field.address_addon' }),
  zipcode: text({ max: 7, label: 'client.field.zipcode' }),
  city: text({ max: 50, label: 'client.field.city' }),
  // an id, or a country name the service resolves to an id
  country: own({
    send: z.union([sendInt, sendText().refine((s) => s.trim() !== '', 'must be a country id or name')]),
    read: readInt,
    patch: z.union([z.number().int(), PATCH.text]),
    default: 146 as number,
    label: 'client.field.country',
  }),
  phone: text({ max: 13, label: 'client.field.phone' }),
  mobile: text({ max: 13, label: 'client.field.mobile' }),
  email: email({ label: 'client.field.email' }),
  addon: text({ max: 255, label: 'client.field.addon' }),
  bankcode: text({ max: 32, label: 'client.field.bankcode' }),
  biccode: text({ max: 32, label: 'client.field.biccode' }),
  taxnumber: text({ max: 18, label: 'client.field.taxnumber' }),
  tax_shifted: flag({ label: 'client.field.tax_shifted' }),
  sendmethod: choice(SENDMETHODS, { empty: true, patch: PATCH.text, default: 'email', options: 'client.option.sendmethod', label: 'client.field.sendmethod' }),
  paymentmethod: choice(PAYMENTMETHODS, {
    empty: true,
    patch: PATCH.text,
    default: 'bank',
    options: 'client.option.paymentmethod',
    label: 'client.field.paymentmethod',
  }),
  top: int({ min: 0, message: 'must be 0 or more days', patch: typedNumber, default: 30, label: 'client.field.top' }),
  // the spec says integer, but a create example sends a decimal: accepted
  stddiscount: decimal({ places: 2, min: 0, max: 100, message: 'must be a percentage from 0 to 100', label: 'client.field.stddiscount' }),
  mailintro: text({ max: 128, label: 'client.field.mailintro' }),
  /** named "Reference line 1…3" by renderer/lib/field-text.ts */
  reference: group(REFERENCE_LINES),
  notes: text({ label: 'client.field.notes' }),
  notes_on_invoice: flag({ label: 'client.field.notes_on_invoice' }),
  active: flag({ default: true, label: 'conflict.label.active' }),
  default_doclang: choice(DOCLANGS, { patch: PATCH.text, options: 'client.option.doclang', label: 'client.field.default_doclang' }),
  default_category: int({ label: 'client.field.default_category' }),
  email_reminder: email({ label: 'client.field.email_reminder' }),
  currency: text({
    max: 3,
    check: [(s: string) => s === '' || /^[A-Z]{3}$/.test(s), 'must be a three-letter currency code like EUR'],
    default: 'EUR',
    label: 'client.field.currency',
  }),
  mandate_id: text({ label: 'client.field.mandate_id' }),
  mandate_date: date({ label: 'client.field.mandate_date' }),
  collecttype: choice(COLLECTTYPES, {
    empty: true,
    patch: PATCH.text,
    default: 'FRST',
    options: 'client.option.collecttype',
    label: 'client.field.collecttype',
  }),
  tax_type: choice(TAX_TYPES, { empty: true, patch: PATCH.text, default: 'extax', options: 'client.option.tax_type', label: 'client.field.tax_type' }),
  lastinvoice: date({ readOnly: true }),
  default_email: int({ readOnly: true }),
};

// Client (contact), docs/service-api.md, Clients.
import { z } from 'zod';
import { bool, date, decimal, emailOrEmpty, int, oneOf, reference, text } from '../fields/send';
import { lenientShape, readBool, readDate, readInt, readNumber, readOneOf, readReference, readText, settleUnread, type ReadExtras } from '../fields/read';

export const SENDMETHODS = ['mail', 'email', 'printcenter'] as const;
/** How the service delivers a quotation: the one declaration of it, from the list above. */
export type SendMethod = (typeof SENDMETHODS)[number];
export const PAYMENTMETHODS = ['bank', 'autocollect'] as const;
export const DOCLANGS = ['', 'nl', 'en', 'de', 'fr', 'es', 'it'] as const;
export const COLLECTTYPES = ['OOFF', 'FRST', 'RCUR'] as const;
export const TAX_TYPES = ['intax', 'extax'] as const;

/** Attributes a client may set on create and update. */
export const clientWritable = {
  clientnr: int.refine((n) => n > 0, 'must be a positive number'),
  contact: text(50),
  showcontact: bool,
  company: text(50),
  address: text(50),
  address_addon: text(50),
  zipcode: text(7),
  city: text(50),
  // an id, or a country name the service resolves to an id
  country: z.union([int, text().refine((s) => s.trim() !== '', 'must be a country id or name')]),
  phone: text(13),
  mobile: text(13),
  email: emailOrEmpty,
  addon: text(255),
  bankcode: text(32),
  biccode: text(32),
  taxnumber: text(18),
  tax_shifted: bool,
  sendmethod: oneOf(['', ...SENDMETHODS]),
  paymentmethod: oneOf(['', ...PAYMENTMETHODS]),
  top: int.refine((n) => n >= 0, 'must be 0 or more days'),
  // the spec says integer, but a create example sends a decimal: accepted
  stddiscount: decimal(2).refine((n) => n >= 0 && n <= 100, 'must be a percentage from 0 to 100'),
  mailintro: text(128),
  reference,
  notes: text(),
  notes_on_invoice: bool,
  active: bool,
  default_doclang: oneOf(DOCLANGS),
  default_category: int,
  email_reminder: emailOrEmpty,
  currency: text(3).refine((s) => s === '' || /^[A-Z]{3}$/.test(s), 'must be a three-letter currency code like EUR'),
  mandate_id: text(),
  mandate_date: date,
  collecttype: oneOf(['', ...COLLECTTYPES]),
  tax_type: oneOf(['', ...TAX_TYPES]),
} as const;

export const CLIENT_READ_ONLY = ['lastinvoice', 'default_email'] as const;

/** A create or update body: every attribute optional; read-only and unknown keys are dropped. */
export const clientInput = z.object(clientWritable).partial();
export type ClientInput = z.output<typeof clientInput>;

/**
 * A client as the service returns it, coerced from the wire and read
 * leniently (shared/fields/read.ts): the limits above are for what we send.
 */
export const clientRecord = z
  .object({
    clientnr: int,
    ...lenientShape({
      contact: readText,
      showcontact: readBool,
      company: readText,
      address: readText,
      address_addon: readText,
      zipcode: readText,
      city: readText,
      country: readInt,
      phone: readText,
      mobile: readText,
      email: readText,
      addon: readText,
      bankcode: readText,
      biccode: readText,
      taxnumber: readText,
      tax_shifted: readBool,
      sendmethod: readOneOf(['', ...SENDMETHODS]),
      paymentmethod: readOneOf(['', ...PAYMENTMETHODS]),
      top: readInt,
      stddiscount: readNumber,
      mailintro: readText,
      reference: readReference,
      notes: readText,
      notes_on_invoice: readBool,
      active: readBool,
      default_doclang: readOneOf(DOCLANGS),
      default_category: readInt,
      email_reminder: readText,
      currency: readText,
      mandate_id: readText,
      mandate_date: readDate,
      collecttype: readOneOf(['', ...COLLECTTYPES]),
      tax_type: readOneOf(['', ...TAX_TYPES]),
      lastinvoice: readDate,
      default_email: readInt,
    }),
  })
  .partial()
  .required({ clientnr: true })
  .overwrite(settleUnread);
export type Client = z.output<typeof clientRecord> & ReadExtras;

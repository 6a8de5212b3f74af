// The quotation fields the service fills in itself when a quotation leaves
// them empty (docs/service-api.md, Quotations): the payment condition and the
// period of validity. The account's own values are not in the reference and
// are never asked for; the app learns them from what the service answers
// (a saved or sent quotation read back, with the field filled where ours was
// empty), or the person states them in Settings. Nothing here changes what
// is sent: an empty field stays empty in the request, and these values are
// only shown, so the editor and the document say what the customer will get.

export const SERVICE_FILLED = ['paymentcondition', 'quotationperiod'] as const;
export type ServiceFilledField = (typeof SERVICE_FILLED)[number];

/** The longest payment condition kept from Settings; the service's own limit is not stated. */
export const PAYMENT_CONDITION_MAX = 500;
/** The longest period kept, in days, as the quotation's own field allows. */
export const PERIOD_MAX = 100_000;

export interface ServiceDefault {
  /** the payment condition's text, or the period in days */
  value: string | number;
  /** service: read back filled where we sent it empty; settings: typed by the person */
  from: 'service' | 'settings';
  /** when it was learned or typed (epoch ms) */
  at: number;
  /** the service filled it also when it was sent as empty text, not only when it was left out */
  blankFilled?: boolean;
}

/** The account's values for the fields the service fills, as far as they are known. */
export type ServiceDefaults = Partial<Record<ServiceFilledField, ServiceDefault>>;

/**
 * The fields a quotation leaves for the service to fill, each with the value
 * it will get when known (null: the service fills its own, not known here yet).
 * A field the quotation fills itself is absent.
 */
export type ServiceFills = Partial<Record<ServiceFilledField, ServiceDefault | null>>;

const blank = (v: unknown): boolean => typeof v === 'string' && v.trim() === '';
const missing = (v: unknown): boolean => v === undefined || v === null;

/** A value as the field keeps it: text that is not blank, or a whole number of days in range; else null. */
export function defaultValue(field: ServiceFilledField, v: unknown): string | number | null {
  if (field === 'paymentcondition') return typeof v === 'string' && v.trim() !== '' && v.length <= PAYMENT_CONDITION_MAX ? v : null;
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= PERIOD_MAX ? n : null;
}

function daysBetween(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) && b >= a ? Math.round((b - a) / 86_400_000) : null;
}

/**
 * What the service put into the fields that `sent` left empty, as `read`
 * back shows it. A period the record does not carry is its due date less
 * its date. Only a value that is there counts: a field read back empty
 * teaches nothing.
 */
export function filledByService(
  sent: Record<string, unknown>,
  read: Record<string, unknown>,
): Partial<Record<ServiceFilledField, { value: string | number; blank: boolean }>> {
  const out: Partial<Record<ServiceFilledField, { value: string | number; blank: boolean }>> = {};
  for (const field of SERVICE_FILLED) {
    const s = sent[field];
    if (!missing(s) && !blank(s)) continue;
    const raw = field === 'quotationperiod' && missing(read[field]) ? daysBetween(read.date, read.datedue) : read[field];
    const value = defaultValue(field, raw);
    if (value !== null) out[field] = { value, blank: blank(s) };
  }
  return out;
}

/**
 * The fields this quotation's content leaves for the service, with the
 * account's value where known. Left out of the request means not there (or
 * null); empty text goes out as typed, and only counts when the service was
 * seen to fill empty text too.
 */
export function serviceFills(content: Record<string, unknown>, defaults: ServiceDefaults): ServiceFills {
  const out: ServiceFills = {};
  for (const field of SERVICE_FILLED) {
    const v = content[field];
    const known = defaults[field] ?? null;
    if (missing(v)) out[field] = known;
    else if (blank(v) && known?.blankFilled) out[field] = known;
  }
  return out;
}

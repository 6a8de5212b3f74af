// The quotation states (docs/service-api.md, States of a quotation): saved draft -> sent -> (approved,
// custom status), delete from any state. Every rule is checked before
// anything changes, so a rejected request leaves the account as it was.
import { createHash } from 'node:crypto';
import { quotationUpdate, type QuotationCreate } from '../../shared/schemas';
import { fieldErrorsFromZod, type FieldError } from '../../shared/field-errors';
import { addDays } from '../../shared/money';
import { badRequest, ApiError, invalid, notFound } from './errors';
import { requireObject } from './body';
import { today, type ServiceState } from './service-state';
import type { Delivery } from './data';
import { lineRecord, priceQuotation } from './pricing';
import { clientSnapshot, defaultProfile, type ClientRec, type QuotationRec, type SendMethod } from './records';
import { QUOTATION_TABLE, storedFields } from '../../shared/fields';

/** printcenter credits one delivery costs */
export const PRINTCENTER_COST = 1;

function refreshTotals(q: QuotationRec, client: ClientRec | undefined): QuotationRec {
  return { ...q, ...priceQuotation(q.lines, q.discounttype, q.discount, client) };
}

/** A reference like OF2026-0007, unique in the account. */
function nextReference(ctx: ServiceState, date: string): string {
  const { data } = ctx;
  for (;;) {
    data.quotationSeq++;
    const ref = `OF${date.slice(0, 4)}-${String(data.quotationSeq).padStart(4, '0')}`;
    if (!data.quotations.find((q) => q.quotationreference === ref)) return ref;
  }
}

function signUrl(ctx: ServiceState, id: number, reference: string): string {
  const token = createHash('sha256').update(`${ctx.seed}:${id}:${reference}`).digest('hex').slice(0, 24);
  return `${ctx.origin()}/sign/${token}`;
}

function address(c: ClientRec): string {
  return [c.company || c.contact, c.address, `${c.zipcode} ${c.city}`.trim()].filter((s) => s.trim() !== '').join(', ');
}

/** Who a delivery goes to; an e-mail needs the client's address. */
function recipient(client: ClientRec | undefined, method: SendMethod): string {
  if (!client) return '';
  return method === 'email' ? client.email : address(client);
}

function sendProblems(client: ClientRec | undefined, method: SendMethod | undefined, errors: FieldError[]): void {
  if (method === 'email' && client && client.email.trim() === '') {
    errors.push({ field: 'sendmethod', message: `client ${client.clientnr} has no e-mail address; add one to the client, or send by mail or printcenter` });
  }
}

function requireCredits(ctx: ServiceState, method: SendMethod | undefined): void {
  if (method === 'printcenter' && ctx.data.credits < PRINTCENTER_COST) {
    throw new ApiError(
      402,
      `Not enough credits to send through the printcenter: ${ctx.data.credits} left, ${PRINTCENTER_COST} needed. ` +
        'Buy credits in the account, or send by email or mail. Nothing was sent.',
    );
  }
}

/**
 * The sent form of a quotation under `id` (no side effects). The savename
 * stays, whichever way it was sent: it is the sender's own name for the
 * quotation, unique and never printed (docs/service-api.md, Quotations), and a sender whose
 * answer was lost finds its quotation by it (docs/numbering.md).
 */
export function sentRecord(ctx: ServiceState, q: QuotationRec, id: number, method: SendMethod, client: ClientRec | undefined, reference: string): QuotationRec {
  return { ...q, ...clientSnapshot(client), id, sent: true, sendmethod: method, quotationreference: reference, sign_url: signUrl(ctx, id, reference) };
}

/** Marks a quotation sent under `id`: delivery recorded, credits spent, sign_url set. */
function send(ctx: ServiceState, q: QuotationRec, id: number, method: SendMethod, client: ClientRec | undefined): QuotationRec {
  const sent = sentRecord(ctx, q, id, method, client, q.quotationreference || nextReference(ctx, q.date));
  if (method === 'printcenter') ctx.data.setCredits(ctx.data.credits - PRINTCENTER_COST);
  const delivery: Delivery = {
    quotationId: id,
    quotationreference: sent.quotationreference,
    sendmethod: method,
    to: recipient(client, method),
    at: ctx.now().toISOString(),
  };
  ctx.data.quotations.set(sent);
  ctx.data.recordDelivery(delivery);
  return sent;
}

/** The record for validated content, as a draft. */
export function draftRecord(ctx: ServiceState, id: number, q: QuotationCreate, client: ClientRec | undefined): QuotationRec {
  const { account } = ctx.data;
  const date = q.date ?? today(ctx);
  const period = q.quotationperiod ?? account.quotationperiod;
  const profile = q.profile ?? defaultProfile(account);
  const category = q.category ?? 0;
  const rec: QuotationRec = {
    id,
    clientnr: q.clientnr,
    savename: q.savename ?? '',
    quotationreference: q.quotationreference ?? '',
    // every field the page edits, as sent or at its default (shared/fields/quotation.ts); those below have rules of their own
    ...storedFields(QUOTATION_TABLE, q),
    lines: (q.lines ?? []).map(lineRecord),
    profile,
    profile_name: account.profiles.find((p) => p.id === profile)?.name ?? '',
    category,
    category_name: account.categories.find((c) => c.id === category)?.name ?? '',
    paymentcondition: q.paymentcondition ?? account.paymentcondition,
    quotationperiod: period,
    date,
    datedue: addDays(date, period),
    taxes: [],
    totalintax: '0.00',
    sendmethod: q.sendmethod ?? '',
    sent: false,
    customstatus: '',
    approved: null,
    ...clientSnapshot(client),
    sign_url: '',
  };
  return refreshTotals(rec, client);
}

/** POST /quotations: save a draft or send at once. Returns the id. */
export function createQuotation(ctx: ServiceState, body: unknown): number {
  const { data } = ctx;
  const obj = requireObject(body, 'quotation');
  const missing = (['clientnr', 'action'] as const).filter((k) => obj[k] === undefined || obj[k] === null || obj[k] === '');
  if (missing.length > 0) {
    throw badRequest(
      `The quotation cannot be read: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing. Send clientnr and action (save or send).`,
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
  const parsed = ctx.rules.quotation.safeParse(dropEmpty(obj, ['sendmethod']));
  if (!parsed.success) throw invalid(fieldErrorsFromZod(parsed.error));
  const q = parsed.data;
  const errors: FieldError[] = [];
  const client = data.clients.get(q.clientnr);

  let replaced: QuotationRec | undefined;
  if (q.savename) {
    const existing = data.quotations.find((x) => x.savename === q.savename);
    if (existing && existing.sent) {
      errors.push({
        field: 'savename',
        message: `"${q.savename}" is the name of sent quotation ${existing.id}, which cannot be replaced; choose another name`,
      });
    } else if (existing && !q.overwrite_if_exist) {
      errors.push({
        field: 'savename',
        message: `a quotation named "${q.savename}" exists (id ${existing.id}); send overwrite_if_exist true to replace it, or choose another name`,
      });
    } else replaced = existing;
  }
  if (q.quotationreference) {
    const other = data.quotations.find((x) => x.quotationreference === q.quotationreference && x.id !== replaced?.id);
    if (other)
      errors.push({ field: 'quotationreference', message: `"${q.quotationreference}" is already used by quotation ${other.id}; references are unique` });
  }
  if (q.action === 'send') sendProblems(client, q.sendmethod, errors);
  if (errors.length > 0) throw invalid(errors);
  if (q.action === 'send') requireCredits(ctx, q.sendmethod);

  if (q.action === 'save') {
    // replacing keeps the id, so whoever holds it still finds the draft
    const id = replaced?.id ?? data.nextId('quotations');
    data.quotations.set(draftRecord(ctx, id, q, client));
    return id;
  }
  const id = data.nextId('quotations');
  if (replaced) data.quotations.delete(replaced.id);
  return send(ctx, draftRecord(ctx, id, q, client), id, q.sendmethod!, client).id;
}

// "" for approved or customstatus is how a whole record sent back says "none": no change.
function dropEmpty(obj: Record<string, unknown>, keys = ['approved', 'customstatus', 'action', 'sendmethod']): Record<string, unknown> {
  const out = { ...obj };
  for (const k of keys) {
    const v = out[k];
    if (v === '' || v === null || (Array.isArray(v) && v.length === 0)) delete out[k];
  }
  return out;
}

/**
 * PUT /quotations/{id}: send a draft (it gets a new id; the old one then
 * answers 404), approve or remove the approval, set or clear the custom
 * status. Other content is ignored. Returns the quotation's (new) id.
 */
export function updateQuotation(ctx: ServiceState, id: number, body: unknown, ip: string): number {
  const { data } = ctx;
  const current = data.quotations.get(id);
  if (!current) throw notFound(`No quotation with id ${id}. A sent draft gets a new id; list the quotations to find it.`);
  const parsed = quotationUpdate.safeParse(dropEmpty(requireObject(body, 'quotation')));
  if (!parsed.success) throw invalid(fieldErrorsFromZod(parsed.error));
  const u = parsed.data;
  const errors: FieldError[] = [];
  const sending = u.action === 'send';
  const client = data.clients.get(current.clientnr);
  if (sending) {
    if (current.sent) errors.push({ field: 'action', message: `quotation ${id} is already sent; a quotation is never sent twice` });
    else if (!client) errors.push({ field: 'clientnr', message: `client ${current.clientnr} no longer exists; the quotation cannot be sent` });
    else sendProblems(client, u.sendmethod, errors);
  }
  const sentAfter = current.sent || sending;
  if (u.approved !== undefined && !sentAfter) {
    errors.push({ field: 'approved', message: 'only sent quotations can be approved; send the quotation first' });
  }
  if (u.customstatus !== undefined && !sentAfter) {
    errors.push({ field: 'customstatus', message: 'a custom status is only available for sent quotations; send the quotation first' });
  }
  if (errors.length > 0) throw invalid(errors, 'The quotation was not changed');
  if (sending) requireCredits(ctx, u.sendmethod);

  let q: QuotationRec = { ...current };
  if (u.approved !== undefined) {
    q.approved = u.approved === false ? null : { name: u.approved.name, date: u.approved.date!, ip, comments: u.approved.comments ?? '' };
  }
  if (u.customstatus !== undefined) q.customstatus = u.customstatus === 'clear' ? '' : u.customstatus;
  if (!sending) {
    data.quotations.set(q);
    return id;
  }
  const date = today(ctx);
  q = refreshTotals({ ...q, date, datedue: addDays(date, q.quotationperiod) }, client);
  const newId = data.nextId('quotations');
  data.quotations.delete(id);
  return send(ctx, q, newId, u.sendmethod!, client).id;
}

export function deleteQuotation(ctx: ServiceState, id: number): void {
  if (!ctx.data.quotations.delete(id)) throw notFound(`No quotation with id ${id}. It may already be deleted, or it was sent and got a new id.`);
}

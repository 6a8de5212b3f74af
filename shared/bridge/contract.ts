// The one contract between the renderer and the main process: every
// operation the renderer may ask for, with the schema its payload must match,
// and every event it may receive. The preload (Electron) and the web host
// expose exactly this as `window.quotedesk`; the main process validates each
// payload against these schemas and checks the sender before acting.
//
// Payload schemas check structure, not the spec's field rules: a draft may
// hold a value the service would refuse (a 4th decimal, a 51st character) so
// that nothing typed is lost; the rules are shown inline by the UI and
// enforced before anything is queued for the service.
import { z } from 'zod';
import { COUNTRY_LANGS, CUSTOM_STATUSES, SENDMETHODS } from '../schemas';
import { CLIENT_TABLE, LINE_TABLE, PATCH, patchShape, PRODUCT_TABLE, QUOTATION_TABLE } from '../fields';
import type { LinkOpened } from '../external-link';
import { companyFields, logoUpload, type CompanyView } from './company';
import { numberingInput, type NumberingNotice, type NumberingView } from './numbering';
import { serviceDefaultsInput, type ServiceDefaults } from './service-defaults';
import { quotationDefaultsInput, type QuotationDefaults } from './quotation-defaults';
import { UNIT_MAX } from '../units';
import type {
  AccountView,
  ClientSummary,
  ClientView,
  ConflictView,
  CountryView,
  LineView,
  ParkedOperation,
  ProductDetail,
  ProductView,
  QuotationView,
  QueuedResult,
  Settings,
  SyncStatus,
} from './views';
import type { DocumentListView } from './document-lists';
import { quotationListInput, type FollowUpPage, type QuotationPage } from './quotation-list';
import { templateOperations, type TemplateSummary, type TemplateView } from './templates';

const id = z.string().min(1).max(100);
const { text, number: num, isoDate } = PATCH;
const query = z.string().max(200);
const limit = z.number().int().min(1).max(500);

export const sendMethod = z.enum(SENDMETHODS);
/** How often, in minutes, a draft being edited may go to the service by itself: the bounds of the setting. */
export const DRAFT_SAVE_MINUTES = { min: 1, max: 240 } as const;
/**
 * The longest wait for one answer from the service, in seconds (each request's
 * whole deadline, body included: electron/api/transport.ts): the bounds of the setting.
 */
export const ANSWER_WAIT_SECONDS = { min: 10, max: 600 } as const;
/**
 * The share of the hourly request limit, in percent, that reading the
 * service in the background may spend once the first load is done: the
 * bounds of the setting (docs/freshness.md). The person's own actions are
 * not counted against it, and the reserve is never touched.
 */
export const BACKGROUND_SHARE_PERCENT = { min: 2, max: 50 } as const;
export const customStatus = z.enum([...CUSTOM_STATUSES, 'clear']);

/**
 * Fields of a quotation draft the editor changes (autosave): the client, and
 * the header fields of its table (shared/fields/quotation.ts). A reference
 * patch changes only the lines it names; profile and category null: the
 * service's default profile, no category.
 */
export const draftPatch = z
  .object({
    clientId: id.nullable(),
    ...patchShape(QUOTATION_TABLE),
  })
  .partial()
  .strict();

/** A line's fields (shared/fields/line.ts); a text-only line sets description only. */
export const linePatch = z.object(patchShape(LINE_TABLE)).partial().strict();

/**
 * Writable product attributes (docs/service-api.md, Products), structurally: numbers may come as
 * typed text, so that what was typed is kept and its problem shown beside
 * the field (shared/fields/product.ts decides what the service takes).
 */
export const productPatch = z.object(patchShape(PRODUCT_TABLE)).partial().strict();

/** Writable client attributes (docs/service-api.md, Clients), structurally (shared/fields/client.ts). */
export const clientPatch = z.object(patchShape(CLIENT_TABLE)).partial().strict();

const none = z.object({}).strict();

/** Every operation: its payload schema. Results are typed in `OperationResults`. */
export const operations = {
  // quotations
  // a page of the list, sorted, filtered and searched where it is kept (docs/quotation-list.md)
  'quotations.list': quotationListInput,
  // a page of the sent quotations that wait for an answer, soonest validity date first (docs/follow-up.md)
  'quotations.followUp': z.object({ offset: z.number().int().min(0).optional(), limit: limit.optional() }).strict(),
  'quotations.get': z.object({ id }).strict(),
  'quotations.create': z.object({ clientId: id.nullable().optional() }).strict(),
  'quotations.update': z.object({ id, patch: draftPatch }).strict(),
  'quotations.duplicate': z.object({ id }).strict(),
  'quotations.delete': z.object({ id }).strict(),
  'quotations.saveToService': z.object({ id }).strict(),
  // the person leaves the quotation (another screen, the editor or the window closed): what they changed goes now
  'quotations.leave': z.object({ id }).strict(),
  'quotations.send': z.object({ id, sendmethod: sendMethod }).strict(),
  'quotations.approve': z.object({ id, name: z.string().min(1).max(255), date: isoDate, comments: text.optional() }).strict(),
  'quotations.removeApproval': z.object({ id }).strict(),
  'quotations.setCustomStatus': z.object({ id, status: customStatus }).strict(),
  // lines
  'lines.add': z.object({ quotationId: id, index: z.number().int().min(0).optional(), line: linePatch, fromProductId: z.number().int().optional() }).strict(),
  'lines.update': z.object({ quotationId: id, lineId: id, patch: linePatch }).strict(),
  'lines.move': z.object({ quotationId: id, lineId: id, toIndex: z.number().int().min(0) }).strict(),
  'lines.duplicate': z.object({ quotationId: id, lineId: id }).strict(),
  'lines.remove': z.object({ quotationId: id, lineId: id }).strict(),
  // a removed line put back where it was, with its own id and values (undo)
  'lines.restore': z.object({ quotationId: id, index: z.number().int().min(0), line: linePatch.extend({ id }) }).strict(),
  // the catalogue's euro price of a product for this quotation's client, as lines.add would work it out
  'lines.productPrice': z.object({ quotationId: id, productId: z.number().int() }).strict(),
  // clients
  'clients.list': z
    .object({ query: query.optional(), offset: z.number().int().min(0).optional(), limit: limit.optional(), includeInactive: z.boolean().optional() })
    .strict(),
  'clients.search': z.object({ query, limit: limit.optional() }).strict(),
  'clients.get': z.object({ id }).strict(),
  'clients.create': z.object({ fields: clientPatch }).strict(),
  'clients.update': z.object({ id, patch: clientPatch }).strict(),
  'clients.delete': z.object({ id }).strict(),
  // in place of a delete the service refused (the client has documents there): one step, nothing left waiting
  'clients.makeInactive': z.object({ id }).strict(),
  // catalogue
  'products.list': z.object({ query: query.optional(), offset: z.number().int().min(0).optional(), limit: limit.optional() }).strict(),
  'products.search': z.object({ query, limit: limit.optional() }).strict(),
  'products.get': z.object({ id }).strict(),
  // unit: the product's default unit, kept on this computer only (the service's product has none); '' for none
  'products.create': z.object({ fields: productPatch, unit: z.string().max(UNIT_MAX).optional() }).strict(),
  'products.update': z.object({ id, patch: productPatch, unit: z.string().max(UNIT_MAX).optional() }).strict(),
  // the amount in stock, by the service's stock-only PUT; a product that used no stock starts using it
  'products.setStock': z.object({ id, stock: z.union([num, text]) }).strict(),
  'products.delete': z.object({ id }).strict(),
  'countries.list': z.object({ lang: z.enum(COUNTRY_LANGS).optional() }).strict(),
  // the tax rates the account uses (its products', its recent quotations', and 21, 9, 0): another rate gets a notice
  'taxRates.usual': z.object({ quotationId: id.optional() }).strict(),
  // the service's layouts and categories, as last pulled
  'profiles.list': none,
  'categories.list': none,
  // sync, outbox, conflicts
  'sync.status': none,
  'sync.pullNow': none,
  'sync.cancelPull': none,
  // the system says the network is back: push what waits now, without a whole pull
  'sync.networkBack': none,
  // read everything again: every list's sweep starts over, paced by the background's share, its progress in the status
  'sync.refreshAll': none,
  // a person opened a record: a copy older than a few minutes is read again by its number (one request, from the reserve)
  'records.opened': z.object({ kind: z.enum(['quotation', 'client', 'product']), id }).strict(),
  'outbox.parked': none,
  'outbox.retry': z.object({ id }).strict(),
  'outbox.discard': z.object({ id }).strict(),
  'conflicts.list': none,
  'conflicts.resolve': z.object({ id, resolution: z.enum(['mine', 'theirs', 'both']) }).strict(),
  // account and settings
  'account.list': none,
  'account.connect': z
    .object({
      baseUrl: z.string().min(1).max(2000),
      username: z.string().min(1).max(255),
      apiKey: z.string().min(1).max(1000),
      displayName: z.string().max(255).optional(),
    })
    .strict(),
  'account.disconnect': z.object({ id }).strict(),
  'account.setActive': z.object({ id: id.nullable() }).strict(),
  'settings.get': none,
  // a link out of the app (the signing page): checked again in the main process, https only
  'links.open': z.object({ url: z.string().min(1).max(100_000) }).strict(),
  // when the service last refused a print center send for want of credits
  'sending.credits': none,
  // the account's values of the fields the service fills when a quotation leaves them empty (shared/service-defaults.ts)
  'serviceDefaults.get': none,
  'serviceDefaults.set': serviceDefaultsInput,
  // what a new quotation starts with, set once per account (shared/quotation-defaults.ts)
  'quotationDefaults.get': none,
  'quotationDefaults.set': quotationDefaultsInput,
  // the units used before, for the unit fields' suggestions (shared/units.ts)
  'units.used': none,
  'settings.set': z
    .object({
      language: z.enum(['nl', 'en']).optional(),
      defaultSendmethod: sendMethod.optional(),
      draftSaveEveryMinutes: z.number().int().min(DRAFT_SAVE_MINUTES.min).max(DRAFT_SAVE_MINUTES.max).optional(),
      answerWaitSeconds: z.number().int().min(ANSWER_WAIT_SECONDS.min).max(ANSWER_WAIT_SECONDS.max).optional(),
      backgroundSharePercent: z.number().int().min(BACKGROUND_SHARE_PERCENT.min).max(BACKGROUND_SHARE_PERCENT.max).optional(),
    })
    .strict(),
  // the company printed on documents, and the document itself (shared/bridge/company.ts, docs/document.md)
  // the account's numbering of quotation references (shared/bridge/numbering.ts, docs/numbering.md)
  'numbering.get': none,
  'numbering.set': numberingInput,
  'numbering.notices': z.object({ quotationId: id.optional() }).strict(),
  'numbering.dismiss': z.object({ quotationId: id }).strict(),
  'company.get': none,
  'company.set': z.object({ fields: companyFields }).strict(),
  'company.setLogo': logoUpload,
  'company.removeLogo': none,
  // Electron only: the window's own PDF printing and a save dialog; the web host prints with the browser
  'document.exportPdf': z.object({ fileName: z.string().min(1).max(200) }).strict(),
  'document.print': none,
  // templates: kept on this computer only (shared/bridge/templates.ts, docs/templates.md)
  ...templateOperations,
} as const;

export type OperationName = keyof typeof operations;
export type OperationInput<N extends OperationName> = z.input<(typeof operations)[N]>;

export interface OperationResults {
  'quotations.list': QuotationPage;
  'quotations.followUp': FollowUpPage;
  'quotations.get': QuotationView;
  'quotations.create': QuotationView;
  'quotations.update': QuotationView;
  'quotations.duplicate': QuotationView;
  'quotations.delete': { deleted: true; queued: QueuedResult | null };
  'quotations.saveToService': QueuedResult;
  /** null: nothing the service does not have */
  'quotations.leave': { queued: QueuedResult | null };
  'quotations.send': QueuedResult;
  'quotations.approve': QueuedResult;
  'quotations.removeApproval': QueuedResult;
  'quotations.setCustomStatus': QueuedResult;
  /** index: where the line went (at the end is above a standard closing text) */
  'lines.add': LineView & { index: number };
  'lines.update': LineView;
  'lines.move': { order: string[] };
  'lines.duplicate': LineView;
  'lines.remove': { order: string[] };
  'lines.restore': { order: string[] };
  /** `price`: in euro, incl. tax when `intax`; null when the product has no usable price. `foreign`: lines.add leaves it off the line */
  'lines.productPrice': { price: number | null; intax: boolean; foreign: boolean };
  'clients.list': { items: ClientSummary[]; total: number };
  'clients.search': ClientSummary[];
  'clients.get': ClientView;
  'clients.create': ClientView;
  'clients.update': ClientView;
  'clients.delete': { deleted: true; queued: QueuedResult | null };
  'clients.makeInactive': ClientView;
  /** stockKept: with the first page, whether any product keeps track of its stock */
  'products.list': { items: ProductView[]; total: number; stockKept?: boolean };
  'products.search': ProductView[];
  'products.get': ProductDetail;
  'products.create': ProductDetail;
  'products.update': ProductDetail;
  'products.setStock': ProductDetail;
  'products.delete': { deleted: true; queued: QueuedResult | null };
  'countries.list': CountryView[];
  'taxRates.usual': { rates: number[] };
  'profiles.list': DocumentListView;
  'categories.list': DocumentListView;
  'sync.status': SyncStatus;
  /** false: a sync was under way already; what it comes to is told in the status (SyncStatus.lastRun) */
  'sync.pullNow': { started: boolean };
  /** false: no pull was running */
  'sync.cancelPull': { cancelled: boolean };
  'sync.networkBack': { woken: true };
  'sync.refreshAll': { started: true };
  /** read: a request went for it; the record's change, if any, comes as records.changed */
  'records.opened': { read: boolean };
  'outbox.parked': ParkedOperation[];
  'outbox.retry': QueuedResult;
  'outbox.discard': { discarded: true };
  'conflicts.list': ConflictView[];
  'conflicts.resolve': { resolved: true };
  'account.list': AccountView[];
  'account.connect': AccountView;
  'account.disconnect': { disconnected: true };
  'account.setActive': { active: string | null };
  'settings.get': Settings;
  'settings.set': Settings;
  'links.open': LinkOpened;
  /** ISO time of the service's last 402 for a print center send, until one goes through again; null: none known */
  'sending.credits': { refusedAt: string | null };
  'serviceDefaults.get': ServiceDefaults;
  'serviceDefaults.set': ServiceDefaults;
  'quotationDefaults.get': QuotationDefaults;
  'quotationDefaults.set': QuotationDefaults;
  /** most used first */
  'units.used': string[];
  'numbering.get': NumberingView;
  'numbering.set': NumberingView;
  /** newest first; those of one quotation when `quotationId` is given */
  'numbering.notices': NumberingNotice[];
  'numbering.dismiss': { dismissed: true };
  'company.get': CompanyView;
  'company.set': CompanyView;
  'company.setLogo': CompanyView;
  'company.removeLogo': CompanyView;
  /** null path: the person cancelled the save dialog */
  'document.exportPdf': { saved: boolean; path: string | null };
  'document.print': { printed: boolean };
  'templates.list': TemplateSummary[];
  'templates.get': TemplateView;
  'templates.create': TemplateView;
  'templates.rename': TemplateView;
  'templates.delete': { deleted: true };
  'templates.newQuotation': QuotationView;
  /** the quotation with the lines in; `added`: the new lines' ids, in order */
  'templates.insert': { quotation: QuotationView; added: string[] };
}

/** Events the main process pushes to the renderer. */
export interface BridgeEvents {
  /** online/offline, pending count, progress, rate budget, last sync: one snapshot */
  'sync.status': SyncStatus;
  'outbox.parked': ParkedOperation[];
  'conflicts.changed': ConflictView[];
  /** records changed behind the UI's back (a pull, an id remap after sending) */
  'records.changed': { entity: 'quotation' | 'client' | 'product' | 'country' | 'profile' | 'category'; ids: string[] | 'all' };
}
export type EventName = keyof BridgeEvents;
export const EVENT_NAMES = ['sync.status', 'outbox.parked', 'conflicts.changed', 'records.changed'] as const satisfies readonly EventName[];

/** What `window.quotedesk` is, in Electron (preload) and in the web host alike. */
export interface QuotedeskBridge {
  /** resolves with the result, rejects with a `BridgeError` */
  invoke<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]>;
  /** returns a function that removes the listener */
  on<E extends EventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
  /** 'electron' or 'web' (the test host) */
  readonly host: 'electron' | 'web';
}

export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

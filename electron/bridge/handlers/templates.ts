// Templates: kept, found, renamed and deleted on this computer; used to start
// a quotation or to fill one. None of this talks to the service: a quotation
// started from a template is a new draft like any other, saved through the
// outbox when the person saves, sends or leaves it.
import type { TemplateHeaderView, TemplateSummary, TemplateView } from '../../../shared/bridge';
import type { LocalTemplate } from '../../store';
import type { Handlers } from '../dispatcher';
import { HandlerError } from '../../errors/handler-error';
import { lineView, quotationView } from '../to-views';
import type { BridgeContext } from './context';
import { offerClientCategory } from './document-lists';
import { said } from '../../../shared/messages';

type TemplateHandlers = Pick<
  Handlers,
  'templates.list' | 'templates.get' | 'templates.create' | 'templates.rename' | 'templates.delete' | 'templates.newQuotation' | 'templates.insert'
>;

/** How many line texts a list shows of each template. */
const PREVIEW_LINES = 3;

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

function headerView(h: LocalTemplate['header']): TemplateHeaderView | null {
  if (h === null) return null;
  const out: TemplateHeaderView = {};
  if (h.reference) out.reference = h.reference;
  if (typeof h.paymentcondition === 'string') out.paymentcondition = h.paymentcondition;
  const period = num(h.quotationperiod);
  if (period !== undefined) out.quotationperiod = period;
  if (h.discounttype === 'amount' || h.discounttype === 'percentage') out.discounttype = h.discounttype;
  const discount = num(h.discount);
  if (discount !== undefined) out.discount = discount;
  return out;
}

export function templateSummary(t: LocalTemplate): TemplateSummary {
  const texts = t.lines.map((l) => String(l.description ?? '').trim()).filter((s) => s !== '');
  return {
    id: t.id,
    name: t.name,
    lineCount: t.lines.length,
    preview: texts.slice(0, PREVIEW_LINES),
    header: headerView(t.header),
    updatedAt: new Date(t.updatedAt).toISOString(),
  };
}

export function templateView(t: LocalTemplate): TemplateView {
  return { ...templateSummary(t), lines: t.lines.map((l, i) => lineView({ ...l, id: String(i + 1) })) };
}

export function templateHandlers(ctx: BridgeContext): TemplateHandlers {
  const store = () => ctx.store();

  function requireDraft(quotationId: string): void {
    const q = store().quotations.get(quotationId);
    if (q.sent) throw new HandlerError('conflict_state', said('bridge.template_into_sent'));
  }

  return {
    'templates.list': ({ query }) =>
      store()
        .templates.list(query ?? '')
        .map(templateSummary),

    'templates.get': ({ id }) => templateView(store().templates.get(id)),

    // from a sent quotation too: what went out well is what a person keeps
    'templates.create': ({ quotationId, name, lineIds, withHeader }) =>
      templateView(store().templates.saveFrom(quotationId, { name, withHeader, ...(lineIds ? { lineIds } : {}) })),

    'templates.rename': ({ id, name }) => templateView(store().templates.rename(id, name)),

    'templates.delete': ({ id }) => {
      store().templates.delete(id);
      return { deleted: true };
    },

    'templates.newQuotation': ({ id, clientId }) => {
      const s = store();
      const q = s.transaction(() => {
        if (clientId) {
          const c = s.clients.find(clientId);
          if (!c || c.state === 'deleting') throw new HandlerError('not_found', said('bridge.client_gone'));
        }
        const created = s.templates.newQuotation(id, clientId ?? null);
        // the client's default category, as for any new quotation
        offerClientCategory(s, created.id, null);
        return created;
      });
      return quotationView(s, s.quotations.get(q.id));
    },

    'templates.insert': ({ id, quotationId, afterLineId }) => {
      requireDraft(quotationId);
      const s = store();
      const { quotation, added } = s.templates.insertInto(id, quotationId, afterLineId ?? null);
      return { quotation: quotationView(s, quotation), added };
    },
  };
}

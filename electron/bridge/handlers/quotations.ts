// Quotation drafts and what happens to them on the service: list, edit,
// duplicate, delete, save, leave, send, approve and custom status.
//
// Editing a draft costs no requests: its save waits in the outbox for the
// person to save it, send it or leave it (or for the time rule). Those three
// ask for it, and it goes at once.
import type { z } from 'zod';
import { FILTER_STATES, type draftPatch, type ListFilter, type QuotationState } from '../../../shared/bridge';
import type { RankedState } from '../../store';
import type { QuotationHeader } from '../../../shared/local';
import { fieldsAt, QUOTATION_TABLE } from '../../../shared/fields';
import { describeFieldErrors } from '../../../shared/field-errors';
import { isNotANumber } from '../../../shared/typed-number';
import { HandlerError } from '../../errors/handler-error';
import type { Handlers } from '../dispatcher';
import { listedQuotationSummary, quotationView, readPending } from '../to-views';
import type { BridgeContext } from './context';
import { queuedFor } from './common';
import { offerClientCategory } from './document-lists';
import { said } from '../../../shared/messages';

type QuotationHandlers = Pick<
  Handlers,
  | 'quotations.list'
  | 'quotations.followUp'
  | 'quotations.get'
  | 'quotations.create'
  | 'quotations.update'
  | 'quotations.duplicate'
  | 'quotations.delete'
  | 'quotations.saveToService'
  | 'quotations.leave'
  | 'quotations.send'
  | 'quotations.approve'
  | 'quotations.removeApproval'
  | 'quotations.setCustomStatus'
>;

/** The states a list asks for: those named (unknown names match nothing) within the chip's; undefined for all. */
function listStates(states: readonly string[] | undefined, filter: ListFilter | undefined): RankedState[] | undefined {
  const named = states && states.length > 0 ? states.filter((s): s is RankedState => s in STATE_RANKS) : null;
  const chip = filter ? FILTER_STATES[filter] : null;
  if (!named && !chip) return undefined;
  if (!named) return [...chip!];
  return chip ? named.filter((s) => chip.includes(s)) : named;
}

const STATE_RANKS: Record<QuotationState, true> = { local: true, pending: true, saved: true, sent: true, approved: true, conflict: true, attention: true };

export function quotationHandlers(ctx: BridgeContext): QuotationHandlers {
  const view = (id: string) => quotationView(ctx.store(), ctx.store().quotations.get(id));

  /** The rules the service would enforce, checked before anything is queued for it; to send, every priced line needs a tax rate. */
  function assertValid(id: string, action: 'save' | 'send'): void {
    const errors = ctx.store().quotations.errors(id, action);
    if (errors.length === 0) return;
    // numbers typed as text alone: the fields and what was typed in them are the whole story
    const key = !errors.every(isNotANumber)
      ? 'bridge.quotation_not_ready'
      : action === 'save'
        ? 'bridge.quotation_number_unread_save'
        : 'bridge.quotation_number_unread_send';
    throw new HandlerError('validation', said(key, { fields: describeFieldErrors(errors) }), errors);
  }

  function headerOf(patch: z.output<typeof draftPatch>, current: QuotationHeader): QuotationHeader {
    const { clientId: _client, ...rest } = patch;
    const header: Record<string, unknown> = { ...rest };
    // a group's patch (the reference lines) changes only the parts it names
    for (const [k, f] of fieldsAt(QUOTATION_TABLE, 'json')) {
      if (f.kind === 'group' && header[k]) header[k] = { ...(current as Record<string, object | undefined>)[k], ...header[k] };
    }
    return header as QuotationHeader;
  }

  return {
    'quotations.list': ({ query, states, filter, sort, offset, limit }) => {
      const store = ctx.store();
      const page = store.quotations.page({ query, sort, offset, limit: limit ?? 100, states: listStates(states, filter) });
      const pending = readPending(store);
      const n = store.quotations.stateCounts();
      const counts = {
        all: Object.values(n).reduce((a, b) => a + b, 0),
        drafts: n.local + n.saved + n.pending,
        sent: n.sent + n.approved,
        attention: n.attention + n.conflict,
      };
      return { items: page.items.map((q) => listedQuotationSummary(q, pending)), total: page.total, counts };
    },

    'quotations.followUp': ({ offset = 0, limit = 100 }) => {
      const store = ctx.store();
      const pending = readPending(store);
      const page = store.quotations.followUp({ offset, limit });
      return {
        items: page.items.map(({ datedue, daysLeft, expired, signUrl, ...q }) => ({
          ...listedQuotationSummary(q, pending),
          datedue,
          daysLeft,
          expired,
          sign_url: signUrl,
        })),
        total: page.total,
        expired: page.expired,
      };
    },

    'quotations.get': ({ id }) => view(id),

    'quotations.create': ({ clientId }) => {
      const store = ctx.store();
      const q = store.transaction(() => {
        // the account's payment condition, validity, opening and closing text (docs/everyday-defaults.md)
        const d = store.quotationDefaults;
        const created = store.quotations.start({ ...d.header(), clientId: clientId ?? null }, d.all());
        offerClientCategory(store, created.id, null);
        return created;
      });
      return view(q.id);
    },

    'quotations.update': ({ id, patch }) => {
      const store = ctx.store();
      store.transaction(() => {
        if (patch.clientId !== undefined) {
          const before = store.quotations.get(id).content.clientId;
          store.quotations.setClient(id, patch.clientId);
          // a category sent along in the same patch is the person's and wins below
          if (patch.clientId !== before) offerClientCategory(store, id, before);
        }
        const header = headerOf(patch, store.quotations.get(id).content);
        if (Object.keys(header).length > 0) store.quotations.updateHeader(id, header);
      });
      return view(id);
    },

    'quotations.duplicate': ({ id }) => {
      const store = ctx.store();
      const copy = store.transaction(() => {
        const { clientId, lines, ...header } = store.quotations.get(id).content;
        // a copy is a new draft dated today, for a client that still exists
        const { date: _date, ...rest } = header;
        const client = clientId ? store.clients.find(clientId) : null;
        const q = store.quotations.create({ ...rest, clientId: client && client.state !== 'deleting' ? clientId : null });
        for (const { id: _line, ...fields } of lines) store.quotations.addLine(q.id, fields);
        return q.id;
      });
      return view(copy);
    },

    'quotations.delete': ({ id }) => {
      const store = ctx.store();
      store.quotations.delete(id);
      const stillThere = store.quotations.findRow(id) !== null;
      return { deleted: true, queued: stillThere ? queuedFor(ctx, id, ['quotation.delete']) : null };
    },

    'quotations.saveToService': ({ id }) => {
      const store = ctx.store();
      const q = store.quotations.get(id);
      if (q.sent) throw new HandlerError('conflict_state', said('bridge.quotation_sent_no_draft'));
      assertValid(id, 'save');
      // edits queue a held save: the person asks for it now; an unchanged draft gets one
      store.transaction(() => {
        // the number is handed out now, online or not (docs/numbering.md)
        store.quotations.number(id);
        if (!store.outbox.openEntry(id, ['quotation.save'])) store.outbox.enqueue('quotation.save', id);
        store.outbox.ask(id);
      });
      return queuedFor(ctx, id, ['quotation.save']);
    },

    'quotations.leave': ({ id }) => {
      const store = ctx.store();
      // gone meanwhile (deleted, a send replaced it): nothing to carry
      // a new quotation nobody typed into is not kept (docs/untouched-drafts.md)
      if (store.quotations.discardIfUntouched(id)) return { queued: null };
      const q = store.quotations.find(id);
      if (!q || q.sent || !store.outbox.hasUnaskedSave(id)) return { queued: null };
      // not checked like a save: leaving is no moment for an error; one the service
      // would refuse is parked with its fields before any request, at no cost
      store.transaction(() => {
        store.quotations.number(id);
        store.outbox.ask(id);
      });
      return { queued: queuedFor(ctx, id, ['quotation.save']) };
    },

    'quotations.send': ({ id, sendmethod }) => {
      const store = ctx.store();
      const q = store.quotations.get(id);
      if (q.sent) throw new HandlerError('conflict_state', said('bridge.quotation_already_sent'));
      assertValid(id, 'send');
      store.quotations.send(id, sendmethod);
      return queuedFor(ctx, id, ['quotation.send']);
    },

    'quotations.approve': ({ id, name, date, comments }) => {
      ctx.store().quotations.approve(id, { name, date, ...(comments ? { comments } : {}) });
      return queuedFor(ctx, id, ['quotation.approve']);
    },

    'quotations.removeApproval': ({ id }) => {
      ctx.store().quotations.unapprove(id);
      return queuedFor(ctx, id, ['quotation.approve']);
    },

    'quotations.setCustomStatus': ({ id, status }) => {
      ctx.store().quotations.setCustomStatus(id, status);
      return queuedFor(ctx, id, ['quotation.status']);
    },
  };
}

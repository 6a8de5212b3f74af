// An in-memory stand-in for window.quotedesk, the one boundary the component
// tests replace (the end-to-end tests use the real bridge over the web host).
// It validates payloads with the contract's own schemas, records every call,
// and can be told to fail the next calls of an operation.
import {
  BridgeError,
  FILTER_STATES,
  operations,
  type ListFilter,
  type BridgeEvents,
  type ClientSummary,
  type ClientView,
  type EventName,
  type LineView,
  type OperationInput,
  type OperationName,
  type OperationResults,
  type ProductView,
  type QuotationView,
  type QuotedeskBridge,
  type SerializedError,
} from '../../shared/bridge';
import { addDays, quotationTotals } from '../../shared/money';
import { productLine } from '../../electron/bridge/product-line';

type Handler = (input: never) => unknown;

export interface Call {
  op: OperationName;
  input: unknown;
}

export class FakeBridge implements QuotedeskBridge {
  readonly host = 'web' as const;
  readonly calls: Call[] = [];
  readonly quotations = new Map<string, QuotationView>();
  readonly clients = new Map<string, ClientView>();
  products: ProductView[] = [];
  online = true;
  private failures = new Map<OperationName, SerializedError[]>();
  private listeners = new Map<EventName, Set<(p: never) => void>>();
  private seq = 0;
  /** resolves operations only when released (to test that typing never waits) */
  gate: Promise<void> | null = null;
  /** one hold per call, taken in call order */
  holds: Array<Promise<void>> = [];

  failNext(op: OperationName, error: SerializedError, times = 1): void {
    const list = this.failures.get(op) ?? [];
    for (let i = 0; i < times; i++) list.push(error);
    this.failures.set(op, list);
  }

  /** answers `op` with `handler` from now on */
  handle<N extends OperationName>(op: N, handler: (input: OperationInput<N>) => OperationResults[N]): void {
    (this.handlers as Record<string, unknown>)[op] = handler;
  }

  callsOf(op: OperationName): Call[] {
    return this.calls.filter((c) => c.op === op);
  }

  emit<E extends EventName>(event: E, payload: BridgeEvents[E]): void {
    for (const l of this.listeners.get(event) ?? []) (l as (p: BridgeEvents[E]) => void)(payload);
  }

  on<E extends EventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (p: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (p: never) => void);
  }

  async invoke<N extends OperationName>(op: N, input: OperationInput<N>): Promise<OperationResults[N]> {
    this.calls.push({ op, input: structuredClone(input) });
    const parsed = operations[op].safeParse(input);
    if (!parsed.success)
      throw new BridgeError({ kind: 'invalid_request', messageKey: 'bridge.invalid_request', message: parsed.error.message, params: { detail: op } });
    if (this.gate) await this.gate;
    const hold = this.holds.shift();
    if (hold) await hold;
    const fail = this.failures.get(op)?.shift();
    if (fail) throw new BridgeError(fail);
    const handler = (this.handlers as Record<string, Handler | undefined>)[op];
    if (!handler) throw new BridgeError({ kind: 'internal', messageKey: 'bridge.internal', message: `fake bridge has no ${op}`, params: { detail: op } });
    return structuredClone(handler(parsed.data as never)) as OperationResults[N];
  }

  nextId(prefix: string): string {
    return `${prefix}-${++this.seq}`;
  }

  addClient(fields: Partial<ClientSummary> & { email?: string } = {}): ClientView {
    const id = this.nextId('c');
    const c: ClientView = {
      id,
      clientnr: null,
      company: fields.company ?? 'Bakkerij Jansen',
      contact: fields.contact ?? '',
      email: fields.email ?? '',
      city: fields.city ?? '',
      zipcode: fields.zipcode ?? '',
      taxnumber: fields.taxnumber ?? '',
      phone: fields.phone ?? '',
      mobile: fields.mobile ?? '',
      active: true,
      state: 'local',
      fields: { company: fields.company ?? 'Bakkerij Jansen', email: fields.email ?? '' },
      lastinvoice: null,
      fieldErrors: [],
      conflictId: null,
      hasDocuments: false,
    };
    this.clients.set(id, c);
    return c;
  }

  addQuotation(lines: Array<Omit<LineView, 'id'>> = [], extra: Partial<QuotationView> = {}): QuotationView {
    const id = this.nextId('q');
    const q: QuotationView = {
      id,
      serverId: null,
      savename: '',
      quotationreference: '',
      client: null,
      date: '2026-11-21',
      totalintax: '0.00',
      currency: 'EUR',
      state: 'local',
      customstatus: null,
      updatedAt: new Date().toISOString(),
      reference: { line1: '', line2: '', line3: '' },
      quotationperiod: 30,
      datedue: addDays('2026-11-21', 30),
      discounttype: null,
      discount: null,
      paymentcondition: '',
      notes: '',
      showtotals: true,
      profile: null,
      category: null,
      convert_prices_to_euro: false,
      lines: lines.map((l) => ({ id: this.nextId('l'), ...l })),
      taxType: 'extax',
      taxShifted: false,
      sent: false,
      sending: false,
      pushError: null,
      approved: null,
      sign_url: null,
      serviceTotal: null,
      fieldErrors: [],
      conflictId: null,
      readOnly: false,
      serviceFills: {},
      ...extra,
    };
    this.quotations.set(id, q);
    return q;
  }

  private quotation(id: string): QuotationView {
    const q = this.quotations.get(id);
    if (!q) throw new BridgeError({ kind: 'not_found', messageKey: 'bridge.not_found', message: `no quotation ${id}`, params: { detail: id } });
    return q;
  }

  private touch(q: QuotationView): QuotationView {
    q.totalintax = quotationTotals(q.lines, {
      discounttype: q.discounttype ?? '',
      discount: q.discount ?? undefined,
      taxType: q.taxType,
      taxShifted: q.taxShifted,
    }).totalintax;
    q.datedue = q.date && q.quotationperiod !== null ? addDays(q.date, q.quotationperiod) : null;
    q.serviceTotal = null;
    return q;
  }

  private applyLinePatch(line: LineView, patch: Record<string, unknown>): void {
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete (line as unknown as Record<string, unknown>)[k];
      else (line as unknown as Record<string, unknown>)[k] = v;
    }
  }

  private readonly handlers: { [N in OperationName]?: (input: OperationInput<N>) => OperationResults[N] } = {
    'quotations.list': ({ offset = 0, limit = 100, filter = 'all' }) => {
      const all = [...this.quotations.values()];
      const chip = (f: ListFilter) => all.filter((q) => FILTER_STATES[f]?.includes(q.state) ?? true);
      const shown = chip(filter);
      const counts = { all: all.length, drafts: chip('drafts').length, sent: chip('sent').length, attention: chip('attention').length };
      return { items: shown.slice(offset, offset + limit), total: shown.length, counts };
    },
    'quotations.followUp': () => ({ items: [], total: 0, expired: 0 }),
    'quotations.get': ({ id }) => this.quotation(id),
    'quotations.create': ({ clientId }) => {
      const q = this.addQuotation();
      if (clientId) {
        const c = this.clients.get(clientId);
        q.client = c ? { id: c.id, clientnr: c.clientnr, name: c.company } : null;
      }
      return q;
    },
    'quotations.update': ({ id, patch }) => {
      const q = this.quotation(id);
      const { clientId, reference, ...rest } = patch;
      Object.assign(q, rest);
      if (reference) q.reference = { ...q.reference, ...reference };
      if (clientId !== undefined) {
        const c = clientId ? this.clients.get(clientId) : undefined;
        q.client = c ? { id: c.id, clientnr: c.clientnr, name: c.company } : null;
        q.currency = (c?.fields.currency as string | undefined) || 'EUR';
        q.taxType = c?.fields.tax_type === 'intax' ? 'intax' : 'extax';
        q.taxShifted = c?.fields.tax_shifted === true;
      }
      return this.touch(q);
    },
    'quotations.saveToService': ({ id }) => {
      const q = this.quotation(id);
      q.state = 'pending';
      return { when: this.online ? 'now' : 'when_online', operationId: this.nextId('op') };
    },
    'quotations.leave': ({ id }) => {
      const q = this.quotation(id);
      // the fake says every draft has something the service lacks until it is left once
      if (q.state === 'pending' || q.sent) return { queued: null };
      q.state = 'pending';
      return { queued: { when: this.online ? 'now' : 'when_online', operationId: this.nextId('op') } };
    },
    'quotations.send': ({ id }) => {
      const q = this.quotation(id);
      q.state = 'pending';
      return { when: this.online ? 'now' : 'when_online', operationId: this.nextId('op') };
    },
    'lines.add': ({ quotationId, index, line, fromProductId }) => {
      const q = this.quotation(quotationId);
      const added: LineView = { id: this.nextId('l') };
      if (fromProductId !== undefined) {
        // the main process's own rule for a product's line, not a copy of it
        const product = this.products.find((p) => p.id === fromProductId);
        if (!product) throw new BridgeError({ kind: 'not_found', messageKey: 'bridge.not_found', message: `no product ${fromProductId}` });
        const { price: _price, ...typed } = line;
        this.applyLinePatch(added, { ...productLine(product, { tax_type: q.taxType, currency: q.currency }).line, ...typed });
      } else this.applyLinePatch(added, line);
      const at = index ?? q.lines.length;
      q.lines.splice(at, 0, added);
      this.touch(q);
      return { ...added, index: at };
    },
    'lines.update': ({ quotationId, lineId, patch }) => {
      const q = this.quotation(quotationId);
      const line = q.lines.find((l) => l.id === lineId);
      if (!line) throw new BridgeError({ kind: 'not_found', messageKey: 'bridge.not_found', message: `no line ${lineId}` });
      this.applyLinePatch(line, patch);
      this.touch(q);
      return line;
    },
    'lines.move': ({ quotationId, lineId, toIndex }) => {
      const q = this.quotation(quotationId);
      const from = q.lines.findIndex((l) => l.id === lineId);
      const [line] = q.lines.splice(from, 1);
      q.lines.splice(Math.min(toIndex, q.lines.length), 0, line!);
      return { order: q.lines.map((l) => l.id) };
    },
    'lines.duplicate': ({ quotationId, lineId }) => {
      const q = this.quotation(quotationId);
      const at = q.lines.findIndex((l) => l.id === lineId);
      const copy = { ...q.lines[at]!, id: this.nextId('l') };
      q.lines.splice(at + 1, 0, copy);
      return copy;
    },
    'lines.remove': ({ quotationId, lineId }) => {
      const q = this.quotation(quotationId);
      q.lines = q.lines.filter((l) => l.id !== lineId);
      return { order: q.lines.map((l) => l.id) };
    },
    'lines.restore': ({ quotationId, index, line }) => {
      const q = this.quotation(quotationId);
      if (!q.lines.some((l) => l.id === line.id)) q.lines.splice(Math.min(index, q.lines.length), 0, { ...line } as LineView);
      return { order: q.lines.map((l) => l.id) };
    },
    'clients.search': ({ query }) => [...this.clients.values()].filter((c) => c.company.toLowerCase().includes(query.toLowerCase())),
    'clients.get': ({ id }) => {
      const c = this.clients.get(id);
      if (!c) throw new BridgeError({ kind: 'not_found', messageKey: 'bridge.not_found', message: `no client ${id}` });
      return c;
    },
    'clients.create': ({ fields }) => this.addClient({ company: String(fields.company ?? ''), email: String(fields.email ?? '') }),
    'clients.update': ({ id, patch }) => {
      const c = this.clients.get(id)!;
      Object.assign(c.fields, patch);
      return c;
    },
    'products.search': ({ query }) => this.products.filter((p) => p.code.includes(query) || p.name.toLowerCase().includes(query.toLowerCase())),
    'sync.status': () => ({
      online: this.online,
      pending: 0,
      parked: 0,
      conflicts: 0,
      lastSyncAt: null,
      incomplete: [],
      pulling: null,
      freshness: [],
      readingWaits: null,
      budget: null,
      nextTry: null,
      account: 'demo',
    }),
    'sync.networkBack': () => ({ woken: true as const }),
    'sync.refreshAll': () => ({ started: true as const }),
    // the fake holds no service: nothing is ever read again
    'records.opened': () => ({ read: false }),
    'outbox.parked': () => [],
    'conflicts.list': () => [],
    'settings.get': () => ({ language: 'nl', defaultSendmethod: 'email', draftSaveEveryMinutes: 10, answerWaitSeconds: 120, backgroundSharePercent: 10 }),
  };
}

// Child process of two-desk-week.test.ts: one desk (its own database, an API
// client and a sync engine) on the account the test plays. It carries out
// what the test asks over IPC, answering once the store has taken the edit
// (the edit is then "acknowledged": the person saw it saved here), and
// meanwhile pushes by itself, as the app does. SIGTERM stops it as the app
// stops (the engine lets go, the database closes); SIGKILL can strike at any
// moment, a request out or not.
import { openStore, type Store } from '../../electron/store';
import { InvoicingApi } from '../../electron/api';
import { SyncEngine } from '../../electron/sync';
import type { LocalQuotation } from '../../shared/local';

const [dbPath, url, user, key, agent] = process.argv.slice(2) as [string, string, string, string, string];

const store: Store = openStore(dbPath);
store.outbox.setDraftSaveEvery(0);
const api = new InvoicingApi({
  baseUrl: url,
  credentials: () => ({ username: user, apiKey: key }),
  // the service's request log tells the desks apart by it (week-races.ts)
  userAgent: agent,
  headersTimeoutMs: 1500,
  bodyTimeoutMs: 1500,
  deadlineMs: 2500,
  maxWaitMs: 0,
  backoff: { baseMs: 5, capMs: 40 },
});
const engine = new SyncEngine({ store, api, backoff: { baseMs: 20, capMs: 300 }, probeBackoff: { baseMs: 20, capMs: 300 } });

let stopping = false;
/** Offline on this desk: the person's laptop has no line; nothing goes out. */
let offline = false;
let busy: Promise<unknown> = Promise.resolve();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pushes what is due, by itself, as the app does while online. */
async function pushing(): Promise<void> {
  while (!stopping) {
    if (!offline) {
      const tick = engine.tick().catch(() => undefined);
      busy = tick;
      await tick;
    }
    await sleep(15);
  }
}

const bySavename = (savename: string): LocalQuotation | undefined => store.quotations.list({ limit: 100_000 }).find((q) => q.savename === savename);
const clientByCompany = (company: string) => store.clients.list({ limit: 100_000 }).find((c) => c.fields.company === company);

type Command = { id: number; op: string; args: Record<string, unknown> };

async function carry(op: string, a: Record<string, unknown>): Promise<unknown> {
  switch (op) {
    case 'createClient': {
      const c = store.clients.create({ company: a.company as string, email: a.email as string, city: a.city as string });
      return { localId: c.id };
    }
    case 'editClient': {
      const c = clientByCompany(a.company as string);
      if (!c || c.clientnr === null) return { skipped: 'not here' };
      store.clients.update(c.id, a.fields as Record<string, string>);
      return {};
    }
    case 'createQuotation': {
      const c = clientByCompany(a.company as string);
      if (!c) return { skipped: 'no client' };
      const q = store.quotations.create({ clientId: c.id, notes: a.notes as string });
      for (const l of a.lines as { description: string; amount: number; price: number; tax_rate: number }[]) store.quotations.addLine(q.id, l);
      return { savename: store.quotations.get(q.id).savename };
    }
    case 'editQuotation': {
      const q = bySavename(a.savename as string);
      if (!q || q.sent || q.state === 'deleting') return { skipped: 'not a draft here' };
      if (a.header) store.quotations.updateHeader(q.id, a.header as Record<string, string>);
      if (a.line) store.quotations.addLine(q.id, a.line as Record<string, unknown>);
      return {};
    }
    case 'send': {
      const q = bySavename(a.savename as string);
      if (!q || q.sent || q.state === 'deleting' || !q.content.clientId) return { skipped: 'not a draft here' };
      store.quotations.send(q.id, a.method as string);
      return { quotationreference: store.quotations.get(q.id).quotationreference };
    }
    case 'status': {
      const q = bySavename(a.savename as string);
      if (!q || !q.sent || q.sending || q.serverId === null) return { skipped: 'not sent here' };
      if (a.approve) store.quotations.approve(q.id, { name: a.approve as string, date: '2026-11-27' });
      else store.quotations.setCustomStatus(q.id, a.customstatus as string);
      return {};
    }
    case 'deleteQuotation': {
      const q = bySavename(a.savename as string);
      if (!q || q.sent || q.state === 'deleting') return { skipped: 'not a draft here' };
      store.quotations.delete(q.id);
      return {};
    }
    case 'offline':
      offline = a.on === true;
      return {};
    case 'pull':
      // Sync now: waits for what is being pushed, then reads the service
      await busy;
      await engine.pull();
      return {};
    case 'state':
      return {
        pending: store.outbox.pendingCount(),
        outbox: store.outbox.list().map((e) => ({ kind: e.kind, state: e.state, target: e.target, error: e.lastError?.messageKey ?? null })),
        /** what holds the outbox back, for a failure's message */
        engine: {
          online: engine.online,
          paused: engine.paused,
          entries: store.outbox.list().map((e) => ({ id: e.id, dependsOn: e.dependsOn, dueIn: e.nextAttemptAt - Date.now(), attempts: e.attempts })),
        },
        parked: store.outbox.parked().map((e) => ({
          kind: e.kind,
          target: e.target,
          savename: store.quotations.find(e.target)?.savename ?? null,
          error: e.lastError,
          // how it came to be parked, for a failure's message
          attempts: e.attempts,
          wentOut: e.sent !== null,
          serverId: store.quotations.find(e.target)?.serverId ?? null,
        })),
        conflicts: store.conflicts.open().map((c) => ({
          kind: c.kind,
          target: c.target,
          fields: c.fields,
          savename: c.targetKind === 'quotation' ? (store.quotations.find(c.target)?.savename ?? null) : null,
          company: c.targetKind === 'client' ? String(store.clients.find(c.target)?.fields.company ?? '') : null,
        })),
        quotations: store.quotations.list({ limit: 100_000 }).map((q) => ({
          savename: q.savename,
          serverId: q.serverId,
          sent: q.sent,
          state: q.state,
          quotationreference: q.quotationreference,
          notes: q.content.notes ?? '',
          paymentcondition: q.content.paymentcondition ?? '',
          lines: q.content.lines.map((l) => String(l.description ?? '')),
          total: q.totals.totalintax,
          customstatus: q.customstatus,
          approved: q.approved ? q.approved.name : null,
        })),
        clients: store.clients
          .list({ limit: 100_000 })
          .map((c) => ({ company: c.fields.company, clientnr: c.clientnr, city: c.fields.city ?? '', phone: c.fields.phone ?? '' })),
      };
    default:
      throw new Error(`unknown command ${op}`);
  }
}

process.on('message', (m: Command) => {
  carry(m.op, m.args).then(
    (value) => process.send!({ id: m.id, ok: true, value }),
    (e: unknown) => process.send!({ id: m.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }),
  );
});

process.on('SIGTERM', () => {
  // as the app stops: no new work, the request out is cancelled and left of unknown outcome, the database closed
  stopping = true;
  void engine
    .dispose()
    .catch(() => undefined)
    .then(() => {
      store.close();
      return api.close();
    })
    .finally(() => process.exit(0));
});

void pushing();
process.send!({ ready: true });

// Child process of crash.test.ts: edits and flushes until it is killed.
// Before each edit it writes what it is about to do ("intent"), after the
// store call returns it writes "ack": an acknowledged edit must survive.
import { openSync, writeSync } from 'node:fs';
import { openStore } from '../../electron/store';
import { InvoicingApi } from '../../electron/api';
import { SyncEngine } from '../../electron/sync';
import { seeded } from './random';

const [dbPath, url, seedText, logPath] = process.argv.slice(2) as [string, string, string, string];
const seed = Number(seedText);
const rnd = seeded(seed);
const log = openSync(logPath, 'a');
const write = (entry: object) => writeSync(log, `${JSON.stringify(entry)}\n`);

const store = openStore(dbPath);
// every edit due at once: the crashes are to land in the middle of pushes
store.outbox.setDraftSaveEvery(0);
const api = new InvoicingApi({
  baseUrl: url,
  credentials: () => ({ username: 'demo', apiKey: 'demo-key' }),
  headersTimeoutMs: 400,
  bodyTimeoutMs: 400,
  readAttempts: 1,
});
const engine = new SyncEngine({ store, api, backoff: { baseMs: 5, capMs: 20 }, probeBackoff: { baseMs: 5, capMs: 20 } });

function edit(key: string, value: string, fn: () => void): void {
  write({ k: 'intent', key, value });
  fn();
  write({ k: 'ack', key, value });
}

const ours = () => store.clients.list({ limit: 1000 }).filter((c) => String(c.fields.company ?? '').startsWith('Crash '));
const drafts = () => store.quotations.list({ which: 'drafts', limit: 1000 });

async function run(): Promise<void> {
  process.stdout.write('ready\n');
  for (let i = 0; ; i++) {
    const tag = `${seed}-${i}`;
    const roll = rnd.next();
    const clients = ours();
    if (roll < 0.25 || clients.length === 0) {
      const company = `Crash ${tag}`;
      write({ k: 'intent', key: `client:${company}`, value: company });
      const c = store.clients.create({ company, email: `c${tag}@example.nl` });
      write({ k: 'ack', key: `client:${company}`, value: company, id: c.id });
    } else if (roll < 0.45) {
      const c = rnd.pick(clients);
      edit(`city:${c.id}`, `City ${tag}`, () => store.clients.update(c.id, { city: `City ${tag}` }));
    } else if (roll < 0.65) {
      const c = rnd.pick(clients);
      write({ k: 'intent', key: `quote:${tag}`, value: tag });
      const q = store.quotations.create({ clientId: c.id, notes: `Q ${tag}` });
      store.quotations.addLine(q.id, { description: `L ${tag}`, amount: 1, price: 10, tax_rate: 21 });
      write({ k: 'ack', key: `quote:${tag}`, value: tag, id: q.id });
    } else if (roll < 0.85) {
      const d = drafts();
      if (d.length === 0) continue;
      const q = rnd.pick(d);
      edit(`notes:${q.id}`, `N ${tag}`, () => store.quotations.updateHeader(q.id, { notes: `N ${tag}` }));
    } else {
      const d = drafts().filter((q) => q.content.clientId !== null);
      if (d.length === 0) continue;
      const q = rnd.pick(d);
      edit(`send:${q.id}`, 'sent', () => store.quotations.send(q.id, 'email'));
    }
    if (i % 2 === 0) await engine.flush();
  }
}

// The loop above never ends: should the process run out of work (a promise
// nothing will settle), say where the engine and the outbox stood, for the
// test's failure message.
process.on('beforeExit', () => {
  const entries = store.outbox.list().map((e) => ({ id: e.id, kind: e.kind, state: e.state, attempts: e.attempts }));
  process.stderr.write(`the child ran out of work: online ${engine.online}, paused ${engine.paused}, outbox ${JSON.stringify(entries)}\n`);
});

void run();

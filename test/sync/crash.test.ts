// A child process edits and flushes while the service loses answers and
// errs after acting; it is killed with SIGKILL at random moments, 100 times
// (seeded). After each kill the database opens cleanly and
// holds every acknowledged edit; at the end no quotation was delivered twice.
// Now and then another desk takes the number this one hands out next, so
// numbered sends are refused as taken and renumbered across the kills too.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../electron/sandbox';
import { InvoicingApi } from '../../electron/api';
import { openStore } from '../../electron/store';
import { SyncEngine } from '../../electron/sync';
import { bundleChild, NODE } from '../helpers/node-child';
import { seeded } from './random';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const TRIALS = 100;
/** the bundled child, built once at the start of the test (test/helpers/node-child.ts) */
let CHILD = '';

interface LogLine {
  k: 'intent' | 'ack';
  key: string;
  value: string;
  id?: string;
}

function runChild(args: string[], killAfterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CHILD, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (d) => (err += String(d)));
    child.stdout.on('data', (d) => {
      if (timer === undefined && String(d).includes('ready')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`child exited by itself (code ${code}): ${err.slice(-4000)}`));
    });
  });
}

/** Every key's value must be its last acknowledged one, or one intended after it (committed, not yet acknowledged). */
function allowedValues(lines: LogLine[]): Map<string, { acked: string; later: Set<string>; id?: string }> {
  const out = new Map<string, { acked: string; later: Set<string>; id?: string }>();
  for (const l of lines) {
    const cur = out.get(l.key);
    if (l.k === 'ack') out.set(l.key, { acked: l.value, later: new Set(), id: l.id ?? cur?.id });
    else if (cur) cur.later.add(l.value);
  }
  return out;
}

describe('crashes', () => {
  it(`keeps every acknowledged edit and delivers nothing twice across ${TRIALS} kills`, { timeout: 180_000 }, async () => {
    CHILD = await bundleChild(join(here, 'crash-child.ts'), 'crash-child');
    const sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 5, products: 0, quotations: 0, seed: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-crash-'));
    try {
      const dbPath = join(dir, 'quotedesk.sqlite');
      const logPath = join(dir, 'edits.log');
      const rnd = seeded(424242);
      // some latency, lost answers and errors after the work (500, a gateway's 502 page, 503, 504), so kills land while requests are out or of unknown outcome
      sb.setFaults({ latencyMs: 3, dropAfterCommitRate: 0.05, appliedErrorRate: 0.08, seed: 5 });
      const takenElsewhere: string[] = [];
      /** Another desk saves a draft under `reference` (its answer may be lost to the faults; the draft is there all the same). */
      const otherDesk = async (reference: string): Promise<void> => {
        const savename = `other-desk-${reference}`;
        try {
          await fetch(`${sb.url}/quotations`, {
            method: 'POST',
            headers: { authorization: `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`, 'content-type': 'application/json' },
            body: JSON.stringify({ clientnr: sb.data.clients.all()[0]!.clientnr, action: 'save', savename, quotationreference: reference }),
          });
        } catch {
          // the answer was dropped after the save was made
        }
        expect(sb.data.quotations.all().filter((q) => q.savename === savename)).toHaveLength(1);
        takenElsewhere.push(reference);
      };
      for (let trial = 0; trial < TRIALS; trial++) {
        await runChild([dbPath, sb.url, String(trial + 1), logPath], 5 + rnd.int(200));
        const store = openStore(dbPath);
        try {
          const lines = readFileSync(logPath, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as LogLine);
          for (const [key, v] of allowedValues(lines)) {
            const [kind, ref] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
            if (kind === 'client') expect(store.clients.find(v.id!)?.fields.company, key).toBe(v.acked);
            else if (kind === 'quote') expect(store.quotations.find(v.id!)?.content.notes, key).toMatch(/^(Q|N) /);
            else if (kind === 'city') expect([v.acked, ...v.later], key).toContain(store.clients.get(ref).fields.city);
            else if (kind === 'notes') {
              const q = store.quotations.get(ref);
              if (![v.acked, ...v.later].includes(String(q.content.notes))) {
                console.log(JSON.stringify({ row: store.quotations.row(ref), ops: store.outbox.forTarget(ref, true) }, null, 1));
                console.log(lines.filter((l) => l.key.includes(ref) || l.id === ref));
              }
              expect([v.acked, ...v.later], key).toContain(q.content.notes);
            } else if (kind === 'send') expect(store.quotations.get(ref).sent, key).toBe(true);
          }
          const next = store.numbering.preview();
          if (trial % 10 === 3 && next) await otherDesk(next);
        } finally {
          store.close();
        }
      }

      // the kills landed among errors after the work
      const struck = sb.requestLog().filter((q) => q.fault === 'applied_error');
      expect(struck.length).toBeGreaterThan(20);
      expect(new Set(struck.map((q) => q.status))).toEqual(new Set([500, 502, 503, 504]));
      console.info(
        `crash trials: ${TRIALS} kills; errors after the work: ${struck.length}, answers lost: ${sb.requestLog().filter((q) => q.fault === 'drop').length}`,
      );

      // back online for good: everything goes out, nothing twice
      sb.clearFaults();
      const store = openStore(dbPath);
      const api = new InvoicingApi({ baseUrl: sb.url, credentials: () => ({ username: sb.user, apiKey: sb.key }), readAttempts: 1 });
      const engine = new SyncEngine({ store, api, backoff: { baseMs: 1, capMs: 2 }, probeBackoff: { baseMs: 1, capMs: 2 } });
      try {
        for (let i = 0; i < 300 && store.outbox.list().some((e) => e.state !== 'parked'); i++) {
          await engine.tick();
          await new Promise((r) => setTimeout(r, 3));
        }
        expect(store.outbox.parked().map((e) => [e.kind, e.lastError])).toEqual([]);
        expect(store.outbox.list()).toEqual([]);
        const deliveries = sb.deliveries();
        const refs = deliveries.map((d) => d.quotationreference);
        expect(new Set(refs).size).toBe(refs.length);
        const sentHere = store.quotations.list({ which: 'sent', limit: 10_000 });
        expect(sentHere.length).toBeGreaterThan(5);
        for (const q of sentHere)
          expect(
            refs.filter((r) => r === q.quotationreference),
            q.id,
          ).toHaveLength(1);
        expect(deliveries).toHaveLength(sentHere.length);
        // each sent here is on the service once, under its own savename; the other desk's numbers stayed its own
        for (const q of sentHere)
          expect(
            sb.data.quotations
              .all()
              .filter((x) => x.savename === q.savename)
              .map((x) => x.id),
            q.id,
          ).toEqual([q.serverId]);
        expect(takenElsewhere.length).toBeGreaterThan(5);
        for (const ref of takenElsewhere)
          expect(
            sb.data.quotations
              .all()
              .filter((x) => x.quotationreference === ref)
              .map((x) => x.savename),
          ).toEqual([`other-desk-${ref}`]);
        expect(refs.filter((r) => takenElsewhere.includes(r))).toEqual([]);
        expect(store.numbering.notices().filter((n) => n.why === 'service' && takenElsewhere.includes(n.from)).length).toBeGreaterThan(0);
        // every client made in the child exists once on the service
        const companies = sb.data.clients
          .all()
          .map((c) => c.company)
          .filter((c) => c.startsWith('Crash '));
        expect(new Set(companies).size).toBe(companies.length);
        expect(companies.length).toBe(store.clients.list({ limit: 10_000 }).filter((c) => String(c.fields.company).startsWith('Crash ')).length);
      } finally {
        await engine.dispose();
        store.close();
        await api.close();
      }
    } finally {
      await sb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A working week on two desks (a laptop and an office PC) on one account,
// seeded. Each day each desk makes about 14 changes: clients, quotations of
// 1–6 lines, edits, sends, approvals, statuses, deletes, and edits of the
// other desk's records. Meanwhile the line has spells of trouble (offline,
// a gateway's page after the service acted, a 500 before it acted, answers
// dropped after it acted, stalled answers, a hotel's login page, a 503 with
// Retry-After) and each desk is stopped with SIGTERM or SIGKILL and started
// again. At the end:
// - every acknowledged record is on the service once, every number unique,
//   every send delivered once;
// - every field holds its last acknowledged value on the service, or a
//   conflict is shown for the record;
// - both desks show what the service holds;
// - nothing is parked that a person would not expect (a conflict to decide).
// A value lost to two saves at the same moment (one desk's write landing
// between the other's read and write: the service has no versions,
// docs/conflicts.md) is reported with the record's requests, not failed:
// week-races.ts reads it from the service's request log.
//
// The suite runs one seed; QUOTEDESK_WEEK_SEEDS=20 (and QUOTEDESK_WEEK_SEED
// for the first) runs more, each a week on a service of its own.
import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleChild, NODE } from '../helpers/node-child';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { seeded } from './random';
import { quotationRecords, races, recordOf } from './week-races';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
/** the bundled child, built once at the start of the test (test/helpers/node-child.ts) */
let CHILD = '';
const FIRST_SEED = Number(process.env.QUOTEDESK_WEEK_SEED ?? 20261130);
const SEEDS = Number(process.env.QUOTEDESK_WEEK_SEEDS ?? 1);
const DAYS = 5;
/** the desks, in the order check() is given their states */
const DESKS = ['laptop', 'office'] as const;
const CHANGES_A_DAY = 14;

type Rnd = ReturnType<typeof seeded>;

interface DeskState {
  pending: number;
  engine: unknown;
  outbox: { kind: string; state: string; target: string; error: string | null }[];
  parked: { kind: string; target: string; savename: string | null; error: unknown }[];
  conflicts: { kind: string; target: string; fields: string[] | null; savename: string | null; company: string | null }[];
  quotations: {
    savename: string | null;
    serverId: number | null;
    sent: boolean;
    state: string;
    quotationreference: string | null;
    notes: string;
    paymentcondition: string;
    lines: string[];
    total: string;
    customstatus: string;
    approved: string | null;
  }[];
  clients: { company: string; clientnr: number | null; city: string; phone: string }[];
}

/** What happened in the week, in order: each change asked and answered, each stop, each spell; for a failure's message. */
const journal: string[] = [];
/** The journal's lines about `id` (a savename, a company), with the stops and spells among them. */
function story(id: string): string {
  return journal.filter((l) => l.includes(id) || l.startsWith('~')).join('\n');
}

/** One desk: a child process the test talks to, started again after each stop. */
class Desk {
  private child: ChildProcess | null = null;
  private next = 1;
  private waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private stderr = '';
  restarts = { SIGTERM: 0, SIGKILL: 0 };

  constructor(
    readonly name: string,
    private readonly dbPath: string,
    private readonly sb: Sandbox,
  ) {}

  async start(): Promise<void> {
    const child = spawn(NODE, [CHILD, this.dbPath, this.sb.url, this.sb.user, this.sb.key, `quotedesk ${this.name}`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    child.stderr!.on('data', (d) => (this.stderr = (this.stderr + String(d)).slice(-4000)));
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.on('message', (m: { ready?: true; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
        if (m.ready) return resolve();
        const w = this.waiting.get(m.id!);
        this.waiting.delete(m.id!);
        if (m.ok) w?.resolve(m.value);
        else w?.reject(new Error(`${this.name}: ${m.error}`));
      });
      child.once('exit', (code, signal) => {
        for (const w of this.waiting.values()) w.reject(new Error(`${this.name} stopped (${signal ?? code}) ${this.stderr}`));
        this.waiting.clear();
        reject(new Error(`${this.name} exited before it was ready (${signal ?? code}): ${this.stderr}`));
      });
    });
  }

  /** Asks the desk to do `op`; resolves once it answered (the edit acknowledged). */
  ask<T = Record<string, unknown>>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const told = (v: unknown) => {
        if (op !== 'state') journal.push(`${this.name} ${op} ${JSON.stringify(args)} -> ${JSON.stringify(v)}`);
        resolve(v as T);
      };
      this.waiting.set(id, { resolve: told, reject });
      this.child!.send({ id, op, args });
    });
  }

  state(): Promise<DeskState> {
    return this.ask<DeskState>('state');
  }

  /** Stops the desk by `signal` and starts it again on the same database. */
  async restart(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    await this.stop(signal);
    this.restarts[signal]++;
    await this.start();
  }

  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    journal.push(`~ ${this.name} ${signal}`);
    child.kill(signal);
    await exited;
    this.child = null;
  }
}

/** What the person meant, as the desks acknowledged it. */
class Week {
  /** clients made, by company (unique names) */
  readonly clients = new Map<string, { fields: Record<string, { value: string; seq: number }> }>();
  /** quotations made, by savename */
  readonly quotations = new Map<
    string,
    {
      fields: Record<string, { value: string; seq: number }>;
      lines: string[];
      sent: boolean;
      deleted: boolean;
      /** the desk that made it, and the one that deleted it */
      madeBy: string;
      deletedBy?: string;
      status: { value: string; seq: number } | null;
      approved: { value: string; seq: number } | null;
    }
  >();
  private seq = 0;
  tick(): number {
    return ++this.seq;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One spell of trouble on the line, for part of a day; returns how to end it. */
async function spell(sb: Sandbox, rnd: Rnd, desks: Desk[]): Promise<{ name: string; end(): Promise<void> }> {
  const seed = rnd.int(1_000_000);
  const kinds = ['offline', 'gateway after', '500 before', 'dropped after', 'stalled', 'login page', '503 retry-after', 'one desk offline'] as const;
  const kind = rnd.pick(kinds);
  switch (kind) {
    case 'offline':
      await sb.setNetwork(false);
      return { name: kind, end: () => sb.setNetwork(true) };
    case 'one desk offline': {
      const d = rnd.pick(desks);
      await d.ask('offline', { on: true });
      return { name: `${d.name} offline`, end: async () => void (await d.ask('offline', { on: false }).catch(() => undefined)) };
    }
    case 'gateway after':
      sb.setFaults({ appliedErrorRate: 0.3, appliedErrorStatuses: [502, 504], seed, methods: ['POST', 'PUT', 'DELETE'] });
      break;
    case '500 before':
      sb.setFaults({ serverErrorRate: 0.3, seed });
      break;
    case 'dropped after':
      sb.setFaults({ dropAfterCommitRate: 0.25, seed, methods: ['POST', 'PUT', 'DELETE'] });
      break;
    case 'stalled':
      sb.addFault({ times: 3, effect: { kind: 'stall', everyMs: 400 } });
      break;
    case 'login page':
      sb.addFault({ times: 2, effect: { kind: 'login_page', applied: rnd.next() < 0.5 } });
      break;
    case '503 retry-after':
      sb.addFault({ times: 2, effect: { kind: 'error', status: 503, applied: false, retryAfter: '1' } });
      break;
  }
  return {
    name: kind,
    end: async () => {
      sb.clearFaults();
    },
  };
}

/** One person's change on `desk`, drawn from the week so far; recorded in `week` once the desk acknowledged it. */
async function change(desk: Desk, other: Desk, week: Week, rnd: Rnd, tag: string): Promise<void> {
  const roll = rnd.next();
  const companies = [...week.clients.keys()];
  const drafts = [...week.quotations.entries()].filter(([, q]) => !q.sent && !q.deleted).map(([s]) => s);
  const sent = [...week.quotations.entries()].filter(([, q]) => q.sent && !q.deleted).map(([s]) => s);
  void other;
  if (roll < 0.12 || companies.length === 0) {
    const company = `Week ${tag} BV`;
    const city = `Stad ${tag}`;
    await desk.ask('createClient', { company, email: `w${tag}@example.nl`, city });
    const seq = week.tick();
    week.clients.set(company, { fields: { city: { value: city, seq } } });
  } else if (roll < 0.22) {
    const company = rnd.pick(companies);
    const field = rnd.pick(['city', 'phone']);
    // a phone number fits the service's 13 characters
    const value = field === 'phone' ? `06-${rnd.int(99_999_999)}` : `${field} ${tag}`;
    const r = await desk.ask('editClient', { company, fields: { [field]: value } });
    if (process.env.QUOTEDESK_WEEK_TRACE) console.info(`${desk.name} ${company} ${field}=${value} ${r.skipped ?? 'acked'}`);
    if (!r.skipped) week.clients.get(company)!.fields[field] = { value, seq: week.tick() };
  } else if (roll < 0.42) {
    const company = rnd.pick(companies);
    const n = 1 + rnd.int(6);
    const lines = Array.from({ length: n }, (_, i) => ({
      description: `Regel ${tag}.${i}`,
      amount: 1 + rnd.int(9),
      price: 5 + rnd.int(200) / 4,
      tax_rate: rnd.pick([0, 9, 21]),
    }));
    const notes = `Offerte ${tag}`;
    const r = await desk.ask<{ savename?: string; skipped?: string }>('createQuotation', { company, notes, lines });
    if (r.savename)
      week.quotations.set(r.savename, {
        fields: { notes: { value: notes, seq: week.tick() } },
        lines: lines.map((l) => l.description),
        sent: false,
        deleted: false,
        madeBy: desk.name,
        status: null,
        approved: null,
      });
  } else if (roll < 0.7) {
    if (drafts.length === 0) return;
    const savename = rnd.pick(drafts);
    const q = week.quotations.get(savename)!;
    const what = rnd.next();
    if (what < 0.4) {
      const value = `Notitie ${tag}`;
      const r = await desk.ask('editQuotation', { savename, header: { notes: value } });
      if (!r.skipped) q.fields.notes = { value, seq: week.tick() };
    } else if (what < 0.75) {
      const value = `Betaling ${tag}`;
      const r = await desk.ask('editQuotation', { savename, header: { paymentcondition: value } });
      if (!r.skipped) q.fields.paymentcondition = { value, seq: week.tick() };
    } else {
      const description = `Extra ${tag}`;
      const r = await desk.ask('editQuotation', { savename, line: { description, amount: 1, price: 12.5, tax_rate: 21 } });
      if (!r.skipped) q.lines.push(description);
    }
  } else if (roll < 0.82) {
    if (drafts.length === 0) return;
    const savename = rnd.pick(drafts);
    const r = await desk.ask('send', { savename, method: rnd.pick(['email', 'mail']) });
    if (!r.skipped) week.quotations.get(savename)!.sent = true;
  } else if (roll < 0.94) {
    if (sent.length === 0) return;
    const savename = rnd.pick(sent);
    if (rnd.next() < 0.4) {
      const approve = `Klant ${tag}`;
      const r = await desk.ask('status', { savename, approve });
      if (!r.skipped) week.quotations.get(savename)!.approved = { value: approve, seq: week.tick() };
    } else {
      const customstatus = rnd.pick(['progress', 'completed', 'billable', 'declined']);
      const r = await desk.ask('status', { savename, customstatus });
      if (!r.skipped) week.quotations.get(savename)!.status = { value: customstatus, seq: week.tick() };
    }
  } else {
    if (drafts.length === 0) return;
    const savename = rnd.pick(drafts);
    const r = await desk.ask('deleteQuotation', { savename });
    if (!r.skipped) Object.assign(week.quotations.get(savename)!, { deleted: true, deletedBy: desk.name });
  }
}

/** Both desks push and read until nothing is left to push, or `ms` passed. */
async function settle(desks: Desk[], ms: number): Promise<void> {
  const until = Date.now() + ms;
  // Done when a whole round of pulls began with nothing left to push on either desk: a push
  // that ends during a round may come after the other desk's pull of that round.
  let quietBefore = false;
  while (Date.now() < until) {
    for (const d of desks) await d.ask('pull').catch(() => undefined);
    const states = await Promise.all(desks.map((d) => d.state()));
    const busy = states.some((s) => s.outbox.some((e) => e.state !== 'parked' && !s.outbox.some((p) => p.state === 'parked' && p.target === e.target)));
    if (!busy && quietBefore) return;
    quietBefore = !busy;
    await sleep(150);
  }
}

async function week(seed: number): Promise<{ restarts: number; spells: string[]; conflicts: number; races: number; raced: string[] }> {
  const rnd = seeded(seed);
  const sb = await startSandbox({ quiet: true, rateLimit: 0, clients: 4, products: 0, quotations: 3, seed, credits: 10_000 });
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-week-'));
  const laptop = new Desk('laptop', join(dir, 'laptop.sqlite'), sb);
  const office = new Desk('office', join(dir, 'office.sqlite'), sb);
  const desks = [laptop, office];
  const spells: string[] = [];
  const where = `seed ${seed}`;
  journal.length = 0;
  try {
    await Promise.all(desks.map((d) => d.start()));
    for (const d of desks) await d.ask('pull');
    const w = new Week();
    let endAt = -1;
    for (let day = 0; day < DAYS; day++) {
      let trouble: { name: string; end(): Promise<void> } | null = null;
      // two spells of trouble a day, each for a few changes
      const starts = [rnd.int(8), 12 + rnd.int(8)];
      const lengths = [3 + rnd.int(6), 3 + rnd.int(6)];
      for (let i = 0; i < CHANGES_A_DAY * 2; i++) {
        const [desk, other] = rnd.next() < 0.5 ? [laptop, office] : [office, laptop];
        const k = starts.indexOf(i);
        if (k >= 0 && !trouble) {
          trouble = await spell(sb, rnd, desks);
          spells.push(trouble.name);
          journal.push(`~ spell: ${trouble.name}`);
          starts[k] = -1;
          const end = i + lengths[k]!;
          endAt = end;
        }
        if (trouble && i === endAt) {
          journal.push(`~ spell ends`);
          await trouble.end();
          trouble = null;
        }
        await change(desk, other, w, rnd, `${seed % 1000}-${day}-${i}`);
        // now and then the desk reads the service (the background, Sync now)
        if (rnd.next() < 0.15) await desk.ask('pull').catch(() => undefined);
        // and now and then it is stopped: as the app stops, or killed in the middle of whatever it does
        if (rnd.next() < 0.05) await desk.restart(rnd.next() < 0.5 ? 'SIGTERM' : 'SIGKILL');
        await sleep(rnd.int(30));
      }
      if (trouble) await trouble.end();
      // the day ends: the office PC is shut down, the laptop sleeps (killed)
      await office.restart('SIGTERM');
      await laptop.restart('SIGKILL');
    }

    // the line is good again; both desks catch up
    sb.clearFaults();
    await sb.setNetwork(true);
    for (const d of desks) await d.ask('offline', { on: false });
    await settle(desks, 30_000);
    const [a, b] = await Promise.all(desks.map((d) => d.state()));
    const { races, raced } = check(sb, w, [a!, b!], where);
    return {
      restarts: desks.reduce((n, d) => n + d.restarts.SIGKILL + d.restarts.SIGTERM, 0),
      spells,
      conflicts: a!.conflicts.length + b!.conflicts.length,
      races,
      raced,
    };
  } finally {
    await Promise.all(desks.map((d) => d.stop('SIGKILL')));
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The requests the service had for a record (its ids, as 'quotations/18'), in order, with the desk that asked; for a failure's message. */
function requestsTo(sb: Sandbox, records: string[]): string {
  return sb
    .requestLog()
    .filter((r) => records.includes(recordOf(r) ?? ''))
    .map((r) => `${r.agent ?? '?'}: ${r.method} ${r.url} ${r.status}${r.fault ? ` ${r.fault}` : ''}${r.id !== undefined ? ` -> ${r.id}` : ''}`)
    .join('\n');
}

/**
 * Runs a check of a record's values; on a record that raced (week-races.ts)
 * a failure is noted in `raced` instead of thrown.
 */
function unlessRaced(raced: boolean, noted: string[], check: () => void): void {
  try {
    check();
  } catch (e) {
    if (!raced) throw e;
    noted.push((e as Error).message);
  }
}

/** Checks the week's end; returns how many writes raced, and the values lost to them. */
function check(sb: Sandbox, w: Week, states: DeskState[], where: string): { races: number; raced: string[] } {
  const log = sb.requestLog();
  const found = races(log);
  const racedRecords = new Set(found.map((r) => r.record));
  const raced: string[] = [];
  /** parked with a question for the person: a status or approval set on the service since this desk read it */
  const askedAbout = (p: DeskState['parked'][number]) => (p.error as { messageKey?: string } | null)?.messageKey === 'parked.quotation.changed_there';
  const conflicted = new Set(
    states
      .flatMap((s) => [...s.conflicts.map((c) => c.savename), ...s.parked.filter(askedAbout).map((p) => p.savename)])
      .filter((x): x is string => x !== null),
  );
  // nothing parked but what the person is asked about; nothing left waiting
  for (const [i, s] of states.entries()) {
    expect(
      s.parked.filter((p) => !askedAbout(p) && !s.conflicts.some((c) => c.target === p.target)),
      `${where}: parked without a question on the ${DESKS[i]} ${JSON.stringify(s.parked)}\n${s.parked.map((p) => story(p.savename ?? p.target)).join('\n')}`,
    ).toEqual([]);
    // what waits behind a question about the same record waits for the person's answer
    expect(
      s.outbox.filter((e) => e.state !== 'parked' && !s.parked.some((p) => p.target === e.target)),
      `${where}: still waiting ${JSON.stringify(s.engine)}`,
    ).toEqual([]);
  }

  // clients: each made once, each field its last acknowledged value, on both desks too
  const clients = sb.data.clients.all();
  for (const [company, c] of w.clients) {
    const there = clients.filter((x) => x.company === company);
    expect(there, `${where}: client ${company}`).toHaveLength(1);
    if (states.some((s) => s.conflicts.some((x) => x.company === company))) continue;
    const record = `clients/${there[0]!.clientnr}`;
    for (const [field, v] of Object.entries(c.fields)) {
      unlessRaced(racedRecords.has(record), raced, () =>
        expect(
          String((there[0] as Record<string, unknown>)[field] ?? ''),
          `${where}: ${company} ${field}\n${story(company)}\n${requestsTo(sb, [record])}`,
        ).toBe(v.value),
      );
      for (const s of states)
        expect(
          String(s.clients.find((x) => x.company === company)?.[field as 'city'] ?? ''),
          `${where}: ${company} ${field} on a desk\n${story(company)}`,
        ).toBe(v.value);
    }
  }

  // quotations: each once (unless deleted), each field its last acknowledged value or a conflict shown
  const quotations = sb.data.quotations.all();
  for (const [savename, q] of w.quotations) {
    const there = quotations.filter((x) => x.savename === savename);
    const asked = conflicted.has(savename);
    if (q.deleted) {
      // Deleted on one desk: gone, unless the other desk's edit of it is a question now. Deleted
      // on the desk that did not make it, it may be back once: the maker's first save, its answer
      // lost, found nothing by its look-up and was saved again (docs/conflicts.md says why).
      // A save that read the draft just before the other desk deleted it makes it again (two
      // saves at the same moment, docs/conflicts.md).
      const drafts = there.filter((x) => !x.sent);
      const records = drafts.flatMap((x) => quotationRecords(log, x.id));
      const said = `${where}: deleted ${savename}\n${story(savename)}\n${requestsTo(sb, records)}`;
      unlessRaced(
        records.some((r) => racedRecords.has(r)),
        raced,
        () => {
          if (!asked && q.deletedBy !== q.madeBy) expect(drafts.length, said).toBeLessThanOrEqual(1);
          else if (!asked) expect(drafts, said).toEqual([]);
        },
      );
      continue;
    }
    expect(there, `${where}: quotation ${savename}`).toHaveLength(1);
    const held = there[0]!;
    if (q.sent && !asked) expect(held.sent, `${where}: ${savename} sent`).toBe(true);
    if (asked) continue;
    const records = quotationRecords(log, held.id);
    const said = (what: string) => `${where}: ${savename} ${what}\n${story(savename)}\n${requestsTo(sb, records)}`;
    unlessRaced(
      records.some((r) => racedRecords.has(r)),
      raced,
      () => {
        for (const [field, v] of Object.entries(q.fields)) expect(String((held as unknown as Record<string, unknown>)[field] ?? ''), said(field)).toBe(v.value);
        // every line once; lines added on both desks at one place are merged in an order of their own (docs/conflicts.md)
        expect(held.lines.map((l) => String(l.description ?? '')).sort(), said('lines')).toEqual([...q.lines].sort());
        if (q.status) expect(held.customstatus, said('status')).toBe(q.status.value);
        if (q.approved) expect((held.approved as { name?: string } | null)?.name, said('approved')).toBe(q.approved.value);
      },
    );
    // both desks show what the service holds
    for (const [i, s] of states.entries()) {
      const mine = s.quotations.find((x) => x.savename === savename);
      expect(mine, `${where}: ${savename} on the ${DESKS[i]}: ${JSON.stringify(mine)}\n${story(savename)}`).toMatchObject({
        serverId: held.id,
        sent: held.sent === true,
        notes: String(held.notes ?? ''),
        lines: held.lines.map((l) => String(l.description ?? '')),
        customstatus: String(held.customstatus ?? ''),
        approved: held.approved ? ((held.approved as { name?: string }).name ?? null) : null,
      });
      // a payment condition left empty is the service's to fill in; the desk that made the draft
      // keeps it empty until the draft is sent (issue #29 is about showing it): compared where typed
      if (q.fields.paymentcondition) expect(mine!.paymentcondition, `${where}: ${savename} payment condition on a desk`).toBe(held.paymentcondition);
      // the total shown is the service's, to the cent
      expect(Number(mine!.total).toFixed(2), `${where}: ${savename} total`).toBe(Number(held.totalintax).toFixed(2));
    }
  }

  // every number once; every send delivered once
  const refs = quotations.map((x) => x.quotationreference).filter((r) => !!r);
  expect(refs.length - new Set(refs).size, `${where}: numbers used twice`).toBe(0);
  const delivered = sb.deliveries().map((d) => d.quotationreference);
  expect(delivered.length - new Set(delivered).size, `${where}: delivered twice`).toBe(0);
  for (const x of quotations.filter((x) => x.sent && w.quotations.has(x.savename ?? '')))
    expect(
      delivered.filter((r) => r === x.quotationreference),
      `${where}: ${x.savename} delivered`,
    ).toHaveLength(1);
  return { races: found.length, raced };
}

describe('a week on two desks', () => {
  it(`holds every acknowledged edit through faults and restarts (${SEEDS} seed${SEEDS === 1 ? '' : 's'})`, { timeout: 60_000 + SEEDS * 120_000 }, async () => {
    CHILD = await bundleChild(join(here, 'week-desk.ts'), 'week-desk');
    // a long run goes on past a failing seed, so it reports every one
    const failed: string[] = [];
    for (let i = 0; i < SEEDS; i++) {
      const seed = FIRST_SEED + i;
      const started = Date.now();
      try {
        const r = await week(seed);
        console.info(
          `week seed ${seed}: ${r.restarts} restarts, ${r.conflicts} conflicts shown, ${r.races} writes over another desk's unread write (${r.raced.length} values lost to them), spells: ${r.spells.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        for (const m of r.raced) console.info(`week seed ${seed}: two saves at the same moment: ${m}`);
      } catch (e) {
        failed.push(`seed ${seed}: ${(e as Error).message.split('\n')[0]}`);
        console.info(`week seed ${seed}: FAILED ${(e as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
  });
});

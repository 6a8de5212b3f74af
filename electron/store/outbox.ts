// The durable queue of operations waiting to reach the service. Entries are
// written in the same transaction as the change they carry (the callers'
// tx), and the content is read from the record when the entry is pushed, so
// repeated edits of one record collapse into one pending entry.
//
// An entry is worked on by one desk at a time: the engine claims it with one
// conditional update (`claimNext`), which SQLite runs as one write, so two
// desks on one database (which the data folder's lock forbids, but this holds
// anyway) never both pick it; marking it in flight checks the claim again.
import { randomUUID } from 'node:crypto';
import type { OpError, OpErrorKind, OpKind, OpState, OutboxEntry } from '../../shared/outbox';
import { OP_KINDS, targetKindOf } from '../../shared/outbox';
import { type Connection, type Entity, parseJson, toJson } from './connection';
import { StoreError, notFound } from './errors';
import { said } from '../../shared/messages';

interface Row {
  id: number;
  kind: string;
  target: string;
  depends_on: number | null;
  payload: string;
  sent: string | null;
  state: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  hold_until: number;
  asked: number;
  claim: string | null;
}

export interface OutboxItem extends OutboxEntry {
  /** the body of the last attempt, kept to look up an unanswered request */
  sent: unknown;
  /** not before this (epoch ms): a draft save waits while the person types */
  holdUntil: number;
  /**
   * A person asked for it (saved, sent, edited a client…): it may spend the
   * request budget's reserve. Draft saves the time rule sends are not asked.
   */
  asked: boolean;
}

/** How long a draft's edits wait for the person to save, leave or send before they go by themselves. */
export const DEFAULT_DRAFT_SAVE_EVERY_MS = 10 * 60_000;

function toEntry(r: Row): OutboxItem {
  const kind = r.kind as OpKind;
  if (!OP_KINDS.includes(kind)) throw new StoreError('corrupt', said('store.outbox.unknown_kind', { id: r.id, kind: r.kind }));
  return {
    id: r.id,
    kind,
    targetKind: targetKindOf(kind),
    target: r.target,
    dependsOn: r.depends_on,
    payload: parseJson<Record<string, unknown>>(r.payload) ?? {},
    sent: parseJson(r.sent),
    state: r.state as OpState,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastError: parseJson<OpError>(r.last_error),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    holdUntil: r.hold_until,
    asked: r.asked === 1,
  };
}

const TARGET_TABLES = { client: 'clients', quotation: 'quotations', product: 'products' } as const satisfies Record<ReturnType<typeof targetKindOf>, Entity>;

/** States in which an entry has not reached the service and can still absorb later edits. */
const OPEN_STATES = `('pending', 'parked')`;

/** What is due: pending or of unknown outcome, its time come, nothing before it for the same record or that it depends on, and no desk on it. */
const READY = `o.state IN ('pending', 'unknown_outcome') AND o.claim IS NULL
           AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.target = o.target AND e.id < o.id AND e.state != 'done')
           AND (o.depends_on IS NULL OR NOT EXISTS (SELECT 1 FROM outbox d WHERE d.id = o.depends_on AND d.state != 'done'))`;

/** Another desk works on the entry: this one leaves it alone. */
export class ClaimedElsewhere extends Error {
  override readonly name = 'ClaimedElsewhere';
  constructor(readonly id: number) {
    super(`Outbox entry ${id} is being sent by another quotedesk on the same data; this one leaves it.`);
  }
}

export class Outbox {
  #draftSaveEveryMs = DEFAULT_DRAFT_SAVE_EVERY_MS;
  /** this open store's token in `claim` */
  readonly #desk = randomUUID();

  constructor(private readonly conn: Connection) {}

  get draftSaveEveryMs(): number {
    return this.#draftSaveEveryMs;
  }

  /**
   * A new time rule for draft saves. Saves already waiting count from their
   * first edit under the new rule, so a shorter setting takes effect at once.
   */
  setDraftSaveEvery(ms: number): void {
    this.#draftSaveEveryMs = Math.max(0, ms);
    this.conn.tx(['outbox'], () => {
      this.conn
        .stmt(`UPDATE outbox SET hold_until = created_at + ? WHERE kind = 'quotation.save' AND asked = 0 AND state = 'pending'`)
        .run(this.#draftSaveEveryMs);
    });
  }

  get(id: number): OutboxItem {
    const r = this.conn.stmt<[number], Row>('SELECT * FROM outbox WHERE id = ?').get(id);
    if (!r) throw notFound('Outbox entry', id);
    return toEntry(r);
  }

  find(id: number): OutboxItem | null {
    const r = this.conn.stmt<[number], Row>('SELECT * FROM outbox WHERE id = ?').get(id);
    return r ? toEntry(r) : null;
  }

  /** Everything not yet done, oldest first. */
  list(): OutboxItem[] {
    return this.conn.stmt<[], Row>(`SELECT * FROM outbox WHERE state != 'done' ORDER BY id`).all().map(toEntry);
  }

  forTarget(target: string, includeDone = false): OutboxItem[] {
    const sql = `SELECT * FROM outbox WHERE target = ? ${includeDone ? '' : `AND state != 'done'`} ORDER BY id`;
    return this.conn.stmt<[string], Row>(sql).all(target).map(toEntry);
  }

  parked(): OutboxItem[] {
    return this.conn.stmt<[], Row>(`SELECT * FROM outbox WHERE state = 'parked' ORDER BY id`).all().map(toEntry);
  }

  /** Entries not yet done: what the UI shows as "waiting to be sent". */
  pendingCount(): number {
    return (this.conn.stmt(`SELECT count(*) AS n FROM outbox WHERE state != 'done'`).get() as { n: number }).n;
  }

  counts(): Record<OpState, number> {
    const out: Record<OpState, number> = { pending: 0, in_flight: 0, unknown_outcome: 0, parked: 0, done: 0 };
    for (const r of this.conn.stmt(`SELECT state, count(*) AS n FROM outbox GROUP BY state`).all() as { state: OpState; n: number }[]) out[r.state] = r.n;
    return out;
  }

  /** The latest entry for `target` of one of `kinds` that has not gone out yet. */
  openEntry(target: string, kinds: readonly OpKind[], opts: { unclaimed?: boolean } = {}): OutboxItem | null {
    const marks = kinds.map(() => '?').join(', ');
    // unclaimed: an entry a push has taken but not yet sent still reads its payload as it was taken
    const claim = opts.unclaimed ? 'AND claim IS NULL' : '';
    const r = this.conn
      .stmt<unknown[], Row>(`SELECT * FROM outbox WHERE target = ? AND kind IN (${marks}) AND state IN ${OPEN_STATES} ${claim} ORDER BY id DESC LIMIT 1`)
      .get(target, ...kinds);
    return r ? toEntry(r) : null;
  }

  /** True when a request for `target` is out or its outcome is unknown. */
  hasGoneOut(target: string, kinds?: readonly OpKind[]): boolean {
    const filter = kinds ? `AND kind IN (${kinds.map(() => '?').join(', ')})` : '';
    return !!this.conn
      .stmt(`SELECT 1 FROM outbox WHERE target = ? AND state IN ('in_flight', 'unknown_outcome') ${filter} LIMIT 1`)
      .get(target, ...(kinds ?? []));
  }

  /** Queues a person's action: due at once, and it may spend the budget's reserve. */
  enqueue(kind: OpKind, target: string, opts: { payload?: Record<string, unknown>; dependsOn?: number | null } = {}): number {
    return this.insert(kind, target, opts, 0, true);
  }

  /**
   * Queues the save of a draft being typed: held for the time rule from this
   * first unsaved edit, unless the person saves, leaves or sends it first
   * (`ask`). Later edits are absorbed into it, keeping the hold.
   */
  enqueueDraftSave(target: string, opts: { dependsOn?: number | null } = {}): number {
    return this.insert('quotation.save', target, opts, this.conn.now() + this.#draftSaveEveryMs, false);
  }

  private insert(
    kind: OpKind,
    target: string,
    opts: { payload?: Record<string, unknown>; dependsOn?: number | null },
    holdUntil: number,
    asked: boolean,
  ): number {
    const now = this.conn.now();
    return this.conn.tx(['outbox'], () => {
      const r = this.conn
        .stmt(
          `INSERT INTO outbox (kind, target, depends_on, payload, state, created_at, updated_at, hold_until, asked) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
        )
        .run(kind, target, opts.dependsOn ?? null, JSON.stringify(opts.payload ?? {}), now, now, holdUntil, asked ? 1 : 0);
      this.touchTarget({ kind, target });
      return Number(r.lastInsertRowid);
    });
  }

  /**
   * A person asked for what waits for `target` (saved, left or sent the
   * quotation): nothing of it is held any more, and all of it may spend the
   * reserve. Returns how many entries that changed.
   */
  ask(target: string): number {
    return this.conn.tx(
      ['outbox'],
      () =>
        this.conn
          .stmt(
            `UPDATE outbox SET asked = 1, hold_until = 0 WHERE target = ? AND state IN ('pending', 'unknown_outcome', 'parked') AND (asked = 0 OR hold_until > 0)`,
          )
          .run(target).changes,
    );
  }

  /** Sync now: everything waiting goes, held drafts included, as asked for. */
  askAll(): number {
    return this.conn.tx(
      ['outbox'],
      () =>
        this.conn.stmt(`UPDATE outbox SET asked = 1, hold_until = 0 WHERE state IN ('pending', 'unknown_outcome') AND (asked = 0 OR hold_until > 0)`).run()
          .changes,
    );
  }

  /** Whether a draft save for `target` waits that the person has not asked for yet. */
  hasUnaskedSave(target: string): boolean {
    return !!this.conn
      .stmt(`SELECT 1 FROM outbox WHERE target = ? AND kind = 'quotation.save' AND asked = 0 AND state IN ('pending', 'parked') LIMIT 1`)
      .get(target);
  }

  /** Background work the request budget cannot afford now waits until `at`; a person's `ask` still lets it go. */
  holdUntil(id: number, at: number): void {
    this.conn.tx(['outbox'], () => {
      this.conn.stmt(`UPDATE outbox SET hold_until = max(hold_until, ?) WHERE id = ? AND asked = 0`).run(at, id);
    });
  }

  /**
   * An edit reached a record whose entry is already queued: keep that entry
   * (it sends the record as it is when pushed), take the new payload, and
   * put it back in line if it was parked for invalid input, which the edit
   * may have fixed.
   */
  absorb(id: number, changes: { payload?: Record<string, unknown>; dependsOn?: number | null; kind?: OpKind } = {}): void {
    this.conn.tx(['outbox'], () => {
      const e = this.get(id);
      const revalidate = e.state === 'parked' && e.lastError?.kind === 'validation';
      this.conn
        .stmt(`UPDATE outbox SET kind = ?, payload = ?, depends_on = ?, state = ?, attempts = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?`)
        .run(
          changes.kind ?? e.kind,
          JSON.stringify(changes.payload ?? e.payload),
          changes.dependsOn === undefined ? e.dependsOn : changes.dependsOn,
          revalidate ? 'pending' : e.state,
          revalidate ? 0 : e.attempts,
          revalidate ? 0 : e.nextAttemptAt,
          this.conn.now(),
          id,
        );
    });
  }

  /** Removes entries that never went out (the user deleted what they carried). */
  cancel(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.conn.tx(['outbox'], () => {
      const stmt = this.conn.stmt<[number], Pick<Row, 'kind' | 'target'>>(`DELETE FROM outbox WHERE id = ? AND state IN ${OPEN_STATES} RETURNING kind, target`);
      for (const id of ids) {
        const gone = stmt.get(id);
        if (!gone) throw new StoreError('not_allowed', said('store.outbox.in_flight', { id }));
        this.touchTarget(gone);
      }
    });
  }

  /**
   * Entries that may go out now, oldest first: pending (or of unknown outcome,
   * to be looked up), due, with every earlier entry for the same record and
   * the entry they depend on done, and no desk working on them.
   */
  ready(now: number, limit = 1): OutboxItem[] {
    return this.conn
      .stmt<[number, number], Row>(`SELECT o.* FROM outbox o WHERE ${READY} AND max(o.next_attempt_at, o.hold_until) <= ? ORDER BY o.id LIMIT ?`)
      .all(now, limit)
      .map(toEntry);
  }

  /** Whether something a person asked for is due now (a pull gives way to it: sync/engine.ts). */
  askedDue(now: number): boolean {
    return !!this.conn.stmt(`SELECT 1 FROM outbox o WHERE ${READY} AND o.asked = 1 AND max(o.next_attempt_at, o.hold_until) <= ? LIMIT 1`).get(now);
  }

  /**
   * Takes the next ready entry for this desk, in one conditional update:
   * of two desks asking at once, one gets it and the other the next one.
   * The claim lasts until `release`; null when nothing is ready.
   */
  claimNext(now: number): OutboxItem | null {
    const r = this.conn
      .stmt<[string, number], Row>(
        `UPDATE outbox SET claim = ? WHERE id = (SELECT o.id FROM outbox o WHERE ${READY} AND max(o.next_attempt_at, o.hold_until) <= ? ORDER BY o.id LIMIT 1) AND claim IS NULL RETURNING *`,
      )
      .get(this.#desk, now);
    return r ? toEntry(r) : null;
  }

  /** The attempt on an entry ended, whatever its outcome: any desk may take it when it is due again. */
  release(id: number): void {
    this.conn.stmt(`UPDATE outbox SET claim = NULL WHERE id = ? AND claim = ?`).run(id, this.#desk);
  }

  /** When the next entry that is not blocked becomes due, or null when none waits on time. */
  nextDueAt(): number | null {
    const r = this.conn.stmt(`SELECT min(max(o.next_attempt_at, o.hold_until)) AS t FROM outbox o WHERE ${READY}`).get() as { t: number | null };
    return r.t;
  }

  /**
   * The first entry waiting out its pause after a failed attempt (pending or
   * of unknown outcome, with an error, due after `now`): when it goes again,
   * and what its last attempt ran into. Null when none waits so.
   */
  nextRetry(now: number): { at: number; kind: OpErrorKind } | null {
    const r = this.conn
      .stmt<[number], Pick<Row, 'next_attempt_at' | 'last_error'>>(
        `SELECT next_attempt_at, last_error FROM outbox WHERE state IN ('pending', 'unknown_outcome') AND last_error IS NOT NULL AND next_attempt_at > ? ORDER BY next_attempt_at LIMIT 1`,
      )
      .get(now);
    if (!r) return null;
    return { at: r.next_attempt_at, kind: parseJson<OpError>(r.last_error)?.kind ?? 'other' };
  }

  /** What blocks an entry: the earlier entry for the same record, or its dependency. */
  blockedBy(id: number): OutboxItem | null {
    const e = this.get(id);
    const r = this.conn
      .stmt<[string, number], Row>(`SELECT * FROM outbox WHERE target = ? AND id < ? AND state != 'done' ORDER BY id LIMIT 1`)
      .get(e.target, id);
    if (r) return toEntry(r);
    if (e.dependsOn !== null) {
      const d = this.find(e.dependsOn);
      if (d && d.state !== 'done') return d;
    }
    return null;
  }

  private set(id: number, fields: Partial<Pick<Row, 'state' | 'sent' | 'attempts' | 'next_attempt_at' | 'last_error' | 'payload' | 'kind'>>): void {
    const keys = Object.keys(fields) as (keyof typeof fields)[];
    const assignments = keys.map((k) => `${k} = @${k}`).join(', ');
    const r = this.conn
      .stmt<[Record<string, unknown>], Pick<Row, 'kind' | 'target'>>(
        `UPDATE outbox SET ${assignments}, updated_at = @now WHERE id = @id RETURNING kind, target`,
      )
      .get({ ...fields, now: this.conn.now(), id });
    if (!r) throw notFound('Outbox entry', id);
    // a request going out changes nothing the page shows of the record: still waiting
    if (fields.state !== 'in_flight') this.touchTarget(r);
  }

  /** The record an entry carries shows its outbox state (its badge): the UI reads it again. */
  private touchTarget(r: Pick<Row, 'kind' | 'target'>): void {
    const kind = r.kind as OpKind;
    if (OP_KINDS.includes(kind)) this.conn.touch(TARGET_TABLES[targetKindOf(kind)], r.target);
  }

  /**
   * Written and committed before the request goes out, so a crash leaves a
   * trace. Only by the desk that claimed the entry (or when nobody did):
   * another desk's claim throws ClaimedElsewhere and nothing goes out.
   */
  markInFlight(id: number, sent: unknown): void {
    this.conn.tx(['outbox'], () => {
      const taken = this.conn
        .stmt<[number, string], { id: number }>(`SELECT id FROM outbox WHERE id = ? AND claim IS NOT NULL AND claim != ?`)
        .get(id, this.#desk);
      if (taken) throw new ClaimedElsewhere(id);
      this.set(id, { state: 'in_flight', sent: toJson(sent) });
    });
  }

  markUnknown(id: number, error: Omit<OpError, 'at'>): void {
    this.conn.tx(['outbox'], () =>
      this.set(id, { state: 'unknown_outcome', attempts: this.get(id).attempts + 1, last_error: JSON.stringify({ ...error, at: this.conn.now() }) }),
    );
  }

  markDone(id: number): void {
    this.conn.tx(['outbox'], () => this.set(id, { state: 'done', last_error: null }));
  }

  /**
   * Back in line at `at`; the outcome of the last attempt is known (nothing
   * changed on the service). `counts`: the attempt counts toward giving up
   * (sync/write-policy.ts); one that never reached the service does not.
   */
  retryAt(id: number, at: number, error: Omit<OpError, 'at'>, counts = true): void {
    this.conn.tx(['outbox'], () =>
      this.set(id, {
        state: 'pending',
        next_attempt_at: at,
        attempts: this.get(id).attempts + (counts ? 1 : 0),
        last_error: JSON.stringify({ ...error, at: this.conn.now() }),
      }),
    );
  }

  /** An unknown outcome stays unknown; only its next lookup moves. */
  lookupAt(id: number, at: number, error: Omit<OpError, 'at'>, counts = true): void {
    this.conn.tx(['outbox'], () =>
      this.set(id, {
        state: 'unknown_outcome',
        next_attempt_at: at,
        attempts: this.get(id).attempts + (counts ? 1 : 0),
        last_error: JSON.stringify({ ...error, at: this.conn.now() }),
      }),
    );
  }

  park(id: number, error: Omit<OpError, 'at'>): void {
    this.conn.tx(['outbox'], () => this.set(id, { state: 'parked', last_error: JSON.stringify({ ...error, at: this.conn.now() }) }));
  }

  /** The user asks to try a parked entry again now. */
  retry(id: number): void {
    this.conn.tx(['outbox'], () => {
      const e = this.get(id);
      if (e.state !== 'parked') throw new StoreError('not_allowed', said('store.outbox.not_parked', { id, state: e.state.replace('_', ' ') }));
      // trying again is a person's action; one whose last attempt may have arrived is looked up first
      const state: OpState = e.lastError?.lookUpFirst ? 'unknown_outcome' : 'pending';
      this.conn
        .stmt(`UPDATE outbox SET state = ?, attempts = 0, next_attempt_at = 0, hold_until = 0, asked = 1, updated_at = ? WHERE id = ?`)
        .run(state, this.conn.now(), id);
      this.conn.touch(TARGET_TABLES[e.targetKind], e.target);
    });
  }

  /** Every pending entry becomes due now (back online, key fixed). */
  wakeAll(): void {
    this.conn.tx(['outbox'], () => {
      this.conn.stmt(`UPDATE outbox SET next_attempt_at = 0 WHERE state IN ('pending', 'unknown_outcome') AND next_attempt_at > 0`).run();
    });
  }

  /**
   * At open: a request that was out when the app stopped has an unknown
   * outcome, and no desk works on anything. Only for the one desk on the
   * data (core/data-lock.ts): beside another, it would take that desk's work.
   */
  recoverInFlight(): number {
    return this.conn.tx(['outbox'], () => {
      const n = this.conn.stmt(`UPDATE outbox SET state = 'unknown_outcome', next_attempt_at = 0 WHERE state = 'in_flight'`).run().changes;
      this.conn.stmt(`UPDATE outbox SET claim = NULL WHERE claim IS NOT NULL`).run();
      return n;
    });
  }

  /** Done entries are kept a while for the activity view, then dropped. */
  pruneDone(olderThan: number): number {
    return this.conn.tx(['outbox'], () => this.conn.stmt(`DELETE FROM outbox WHERE state = 'done' AND updated_at < ?`).run(olderThan).changes);
  }
}

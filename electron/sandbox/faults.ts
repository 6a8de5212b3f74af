// Fault injection for tests of the client and the sync engine. Scripted rules
// (addRule) strike first, in the order added; then one seeded draw per
// eligible request picks at most one fault, so a run is reproducible.
import { seededRng, pick, type Rng } from './random';
import { ERROR_SHAPES } from './errors';

export interface Faults {
  latencyMs: number;
  serverErrorRate: number;
  resetRate: number;
  truncateRate: number;
  dropAfterCommitRate: number;
  hangAfterCommitRate: number;
  /** the request is carried out, then answered with one of appliedErrorStatuses */
  appliedErrorRate: number;
  /** the statuses of 'applied_error', one picked per strike by the seeded draw; default [500, 502, 503, 504] */
  appliedErrorStatuses?: number[];
  seed: number;
  /** restrict faults to these methods (e.g. ['POST','PUT']); default all */
  methods?: string[];
}

/**
 * Before the work: 'reset', 'error', 'stall', 'body', 'login_page' (not applied).
 * After the work: 'truncate', 'drop', 'hang', 'applied_error' (the work is
 * done, the answer is an error), 'login_page' (applied), 'answer' (the work
 * is done, the answer comes in another form).
 */
export type FaultKind = 'reset' | 'error' | 'truncate' | 'drop' | 'hang' | 'applied_error' | 'stall' | 'login_page' | 'answer' | 'body';

/**
 * The forms an answer can be given in instead of the service's own
 * (docs/wire-format.md says how the client reads each):
 * - 'wrapped': a list as {"clients": [...]} (under the list's name) instead of a bare array;
 * - 'latin1': the same text in ISO-8859-1 bytes (windows-1252, as such servers
 *   write it; a character it lacks becomes ?), labelled charset=ISO-8859-1;
 * - 'record', 'bare_record': a create's, save's or send's id answered 200
 *   with the whole record, {"client": {...}} or bare;
 * - 'record_without_id': as 'record', with the record's id left out (an
 *   answer no id can be read from);
 * - 'location': a new id answered 201 with an empty body and a Location header (/api/v1/clients/42);
 * - 'no_content_type', 'text_plain': the same body without a Content-Type, or labelled text/plain;
 * - 'padded': the same JSON followed by spaces up to `bytes` (a very large answer);
 * - the error bodies of other services, for any 4xx or 5xx answer with the
 *   sandbox's own {"error", "errors"} body: 'errors_laravel'
 *   {"message", "errors": {"lines.0.price": ["…"]}}, 'errors_list'
 *   [{"field": "lines[0][price]", "message"}] (fields as form keys),
 *   'errors_strings' ["lines.0.price: …"], 'error_only' {"error": "…"},
 *   'error_text' the words as text/plain.
 * A form that does not fit the answer (a list form on a record) leaves it as it is.
 */
export const ANSWER_FORMS = [
  'wrapped',
  'latin1',
  'record',
  'bare_record',
  'record_without_id',
  'location',
  'no_content_type',
  'text_plain',
  'padded',
  ...ERROR_SHAPES,
] as const;
export type AnswerForm = (typeof ANSWER_FORMS)[number];

/** What a scripted rule does to the requests it strikes. */
export type FaultEffect =
  /**
   * Answers `status`: after carrying the request out (applied true) or before
   * doing anything (applied false). body 'json' is the sandbox's own error body
   * (XML when asked), 'html' a gateway's page; default html for 502 and 504.
   * retryAfter is sent as the Retry-After header as given.
   */
  | { kind: 'error'; status: number; applied: boolean; retryAfter?: string; body?: 'json' | 'html' }
  /** 200 and the headers at once, then one byte every everyMs, never ending; nothing is carried out */
  | { kind: 'stall'; everyMs: number }
  /**
   * Answers `status` (default 200) with `body` as given, as JSON, before
   * anything is done (not even auth): `{ kind: 'body', body: '[]' }` is a
   * list answered empty, as a service in trouble once answered
   * (docs/paging.md, A list that shrinks)
   */
  | { kind: 'body'; status?: number; body: string }
  /**
   * 200 and a network's login page (text/html, none of the service's
   * headers), as the Wi-Fi of a hotel answers before one signs in: before
   * anything is done (applied false, the default), or after the request was
   * carried out (applied true: a gateway that acted, then answered a page)
   */
  | { kind: 'login_page'; applied?: boolean }
  /** carries the request out, then gives its answer in another form (AnswerForm); `bytes` for 'padded' */
  | { kind: 'answer'; form: AnswerForm; bytes?: number };

export interface FaultRule {
  /** 'GET' | 'POST' | 'PUT' | 'DELETE'; default any */
  method?: string;
  /** the path after /api/v1 without the query ('/clients', /^\/quotations\/\d+$/); a string matches exactly; default any */
  path?: string | RegExp;
  /** how many matching requests it strikes; default 1; Infinity until removed */
  times?: number;
  effect: FaultEffect;
}

/** The fault that struck one request, with what the answer needs. */
export interface Strike {
  kind: FaultKind;
  /** error, applied_error: the status answered */
  status?: number;
  body?: 'json' | 'html';
  retryAfter?: string;
  /** stall: ms between bytes */
  everyMs?: number;
  /** body: what is answered, as given */
  text?: string;
  /** login_page: after the work */
  applied?: boolean;
  /** answer: the form, and the size of a padded one */
  form?: AnswerForm;
  bytes?: number;
}

export const APPLIED_ERROR_STATUSES: readonly number[] = [500, 502, 503, 504];

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  serverErrorRate: 0,
  resetRate: 0,
  truncateRate: 0,
  dropAfterCommitRate: 0,
  hangAfterCommitRate: 0,
  appliedErrorRate: 0,
  seed: 1,
};

const RATES = ['serverErrorRate', 'resetRate', 'truncateRate', 'dropAfterCommitRate', 'hangAfterCommitRate', 'appliedErrorRate'] as const;

function rate(name: string, v: number): number {
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`setFaults: ${name} must be a number from 0 to 1, got ${v}`);
  return v;
}

function errorStatus(where: string, s: number): number {
  if (!Number.isInteger(s) || s < 400 || s > 599) throw new RangeError(`${where}: an error status must be a whole number from 400 to 599, got ${s}`);
  return s;
}

/** Gateways answer 502 and 504 with their own page; the service itself answers the rest. */
function defaultBody(status: number): 'json' | 'html' {
  return status === 502 || status === 504 ? 'html' : 'json';
}

interface ActiveRule {
  method?: string;
  path?: string | RegExp;
  left: number;
  strike: Strike;
}

function checkRule(rule: FaultRule): ActiveRule {
  const times = rule.times ?? 1;
  if (!(times === Infinity || (Number.isInteger(times) && times > 0)))
    throw new RangeError(`addFault: times must be a whole number above 0 or Infinity, got ${times}`);
  const e = rule.effect;
  let strike: Strike;
  if (e.kind === 'error') {
    const status = errorStatus('addFault', e.status);
    if (e.body !== undefined && e.body !== 'json' && e.body !== 'html') throw new RangeError(`addFault: body must be 'json' or 'html', got ${String(e.body)}`);
    strike = { kind: e.applied ? 'applied_error' : 'error', status, body: e.body ?? defaultBody(status), retryAfter: e.retryAfter };
  } else if (e.kind === 'body') {
    const status = e.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599)
      throw new RangeError(`addFault: a body's status must be a whole number from 200 to 599, got ${status}`);
    if (typeof e.body !== 'string') throw new RangeError(`addFault: a body must be text, got ${String((e as { body: unknown }).body)}`);
    strike = { kind: 'body', status, text: e.body };
  } else if (e.kind === 'stall') {
    if (!Number.isFinite(e.everyMs) || e.everyMs <= 0) throw new RangeError(`addFault: a stall's everyMs must be above 0, got ${e.everyMs}`);
    strike = { kind: 'stall', everyMs: e.everyMs };
  } else if (e.kind === 'login_page') {
    strike = { kind: 'login_page', applied: e.applied === true };
  } else if (e.kind === 'answer') {
    if (!(ANSWER_FORMS as readonly string[]).includes(e.form))
      throw new RangeError(`addFault: form must be one of ${ANSWER_FORMS.join(', ')}, got ${String(e.form)}`);
    if (e.form === 'padded' && !(Number.isInteger(e.bytes) && e.bytes! > 0))
      throw new RangeError(`addFault: a padded answer needs bytes, a whole number above 0`);
    strike = { kind: 'answer', form: e.form, ...(e.bytes !== undefined ? { bytes: e.bytes } : {}) };
  } else {
    throw new RangeError(`addFault: unknown effect ${JSON.stringify(e)}`);
  }
  return { method: rule.method?.toUpperCase(), path: rule.path, left: times, strike };
}

function matches(pattern: string | RegExp | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  if (typeof pattern === 'string') return pattern === path;
  pattern.lastIndex = 0; // a /g or /y pattern keeps where it stopped
  return pattern.test(path);
}

export class FaultInjector {
  private faults: Faults = { ...NO_FAULTS };
  private rng: Rng = seededRng(NO_FAULTS.seed);
  private rules: ActiveRule[] = [];

  constructor(seed?: number) {
    if (seed !== undefined) this.set({ seed });
  }

  set(f: Partial<Faults>): void {
    const next = { ...this.faults, ...f };
    for (const k of RATES) rate(k, next[k]);
    if (!Number.isFinite(next.latencyMs) || next.latencyMs < 0) throw new RangeError(`setFaults: latencyMs must be 0 or more, got ${next.latencyMs}`);
    if (next.appliedErrorStatuses !== undefined) {
      if (next.appliedErrorStatuses.length === 0) throw new RangeError('setFaults: appliedErrorStatuses needs at least one status');
      next.appliedErrorStatuses = next.appliedErrorStatuses.map((s) => errorStatus('setFaults', s));
    }
    next.methods = next.methods?.map((m) => m.toUpperCase());
    this.faults = next;
    if (f.seed !== undefined) this.rng = seededRng(f.seed);
  }

  /** Removes every fault and every rule; the seed stays. */
  clear(): void {
    const seed = this.faults.seed;
    this.faults = { ...NO_FAULTS, seed };
    this.rules = [];
  }

  current(): Faults {
    return { ...this.faults };
  }

  /** Adds a scripted rule; returns its remover. */
  addRule(rule: FaultRule): () => void {
    const active = checkRule(rule);
    this.rules.push(active);
    return () => {
      this.rules = this.rules.filter((r) => r !== active);
    };
  }

  private applies(method: string): boolean {
    return !this.faults.methods || this.faults.methods.includes(method.toUpperCase());
  }

  latency(method: string): number {
    return this.applies(method) ? this.faults.latencyMs : 0;
  }

  /** The fault for this request, if any; `path` is the path after /api/v1, without the query. */
  draw(method: string, path: string): Strike | null {
    const m = method.toUpperCase();
    const rule = this.rules.find((r) => (!r.method || r.method === m) && matches(r.path, path));
    if (rule) {
      if (--rule.left <= 0) this.rules = this.rules.filter((r) => r !== rule);
      return { ...rule.strike };
    }
    if (!this.applies(method)) return null;
    const f = this.faults;
    if (RATES.every((k) => f[k] === 0)) return null;
    const r = this.rng();
    let edge = f.resetRate;
    if (r < edge) return { kind: 'reset' };
    if (r < (edge += f.serverErrorRate)) return { kind: 'error', status: 500, body: 'json' };
    if (r < (edge += f.truncateRate)) return { kind: 'truncate' };
    if (r < (edge += f.dropAfterCommitRate)) return { kind: 'drop' };
    if (r < (edge += f.hangAfterCommitRate)) return { kind: 'hang' };
    if (r < edge + f.appliedErrorRate) {
      const status = pick(this.rng, f.appliedErrorStatuses ?? APPLIED_ERROR_STATUSES);
      return { kind: 'applied_error', status, body: defaultBody(status) };
    }
    return null;
  }
}

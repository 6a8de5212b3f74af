// HTTP to the service over one keep-alive undici Pool: credentials, timeouts,
// the rate budget, retries of reads, and turning every failure into an
// ApiError. Knows nothing about records; InvoicingApi does.
//
// The API key is fetched through a callback for each request and only ever
// lives in that request's headers; nothing here stores it, logs it or puts
// the raw undici error (which may hold the request options) into an error.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool } from 'undici';
import type { Logger } from './logger';
import { silentLogger } from './logger';
import { ApiError } from './errors';
import { parseBaseUrl, type BaseUrl } from './base-url';
import { type BackoffOptions, backoffDelay, retryDelay, sleep } from './backoff';
import { RateBudget, type RateBudgetOptions } from './rate-budget';
import { errorFromStatus, errorFromTransport, type FailedRequest, type Method } from './classify';
import { isTransient } from './parse';

export interface Credentials {
  username: string;
  apiKey: string;
}

/** Called for each request; may read the keychain. Whatever it throws is passed on as is. */
export type CredentialSource = () => Credentials | Promise<Credentials>;

export interface TransportOptions {
  baseUrl: string;
  credentials: CredentialSource;
  logger?: Logger;
  /** default 10 s */
  connectTimeoutMs?: number;
  /** time until the status line and headers, default 30 s */
  headersTimeoutMs?: number;
  /** longest gap while the body arrives, default 30 s */
  bodyTimeoutMs?: number;
  /** idle keep-alive sockets are closed after this, default 30 s */
  keepAliveTimeoutMs?: number;
  /** answers larger than this are refused (kind bad_response), default 64 MB */
  maxResponseBytes?: number;
  /** parallel connections, default 4 */
  connections?: number;
  /** attempts for reads (GET), the only calls retried by themselves; default 3 */
  readAttempts?: number;
  backoff?: BackoffOptions;
  /**
   * The longest the client waits by itself (for the rate limit or between
   * read attempts) before failing with kind `rate_limited` and
   * `retryAfterMs`, so a person is never left waiting on a frozen screen;
   * default 30 s.
   */
  maxWaitMs?: number;
  rateLimit?: RateBudgetOptions;
  /** the cool-down after a rate-limit answer without Retry-After; default 2 s doubling up to 5 min, jittered */
  rateLimitBackoff?: BackoffOptions;
  /** told about every 401, e.g. to mark the account as needing a new key */
  onUnauthorized?: () => void;
  now?: () => number;
}

export interface RequestSpec {
  /** e.g. "clients.create", for errors and logs */
  operation: string;
  method: Method;
  /** relative to the base path, e.g. "/clients/12" */
  path: string;
  query?: Record<string, string | number>;
  /** sent as JSON */
  body?: unknown;
  /**
   * may use the reserve of the rate budget (something a person is waiting
   * for); when not given, the `withPriority` scope the call runs in decides
   */
  priority?: boolean;
  signal?: AbortSignal;
  /** default application/json */
  accept?: string;
  deletesClient?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  priority?: boolean;
}

export class Transport {
  readonly base: BaseUrl;
  readonly budget: RateBudget;
  readonly #pool: Pool;
  readonly #credentials: CredentialSource;
  readonly #logger: Logger;
  readonly #headersTimeout: number;
  readonly #bodyTimeout: number;
  readonly #readAttempts: number;
  readonly #backoff: BackoffOptions;
  readonly #maxWaitMs: number;
  readonly #onUnauthorized: (() => void) | undefined;
  readonly #now: () => number;
  readonly #throttleBackoff: BackoffOptions;
  /** rate-limit answers in a row, for the growing cool-down */
  #throttles = 0;
  /** whether the calls made in the current async scope are a person's */
  readonly #priorityScope = new AsyncLocalStorage<boolean>();

  constructor(opts: TransportOptions) {
    this.base = parseBaseUrl(opts.baseUrl);
    this.#credentials = opts.credentials;
    this.#logger = opts.logger ?? silentLogger;
    this.#headersTimeout = opts.headersTimeoutMs ?? 30_000;
    this.#bodyTimeout = opts.bodyTimeoutMs ?? 30_000;
    this.#readAttempts = Math.max(1, opts.readAttempts ?? 3);
    this.#backoff = { baseMs: 300, capMs: 10_000, ...opts.backoff };
    this.#maxWaitMs = opts.maxWaitMs ?? 30_000;
    this.#onUnauthorized = opts.onUnauthorized;
    this.#now = opts.now ?? Date.now;
    this.#throttleBackoff = { baseMs: 2_000, capMs: 5 * 60_000, random: opts.backoff?.random, ...opts.rateLimitBackoff };
    this.budget = new RateBudget({ now: this.#now, ...opts.rateLimit });
    this.#pool = new Pool(this.base.origin, {
      connections: opts.connections ?? 4,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
      headersTimeout: this.#headersTimeout,
      bodyTimeout: this.#bodyTimeout,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? 30_000,
      // a page of 1000 records is under 1 MB; far more is not an answer to read
      maxResponseSize: opts.maxResponseBytes ?? 64 * 1024 * 1024,
    });
  }

  /**
   * Sends one call and hands the 2xx answer to `read`. Reads (GET) are tried
   * again after network trouble, timeouts, 5xx, unreadable answers and rate
   * limiting; writes never are: their error says whether they may have been
   * applied (`outcome`).
   */
  async request<T>(asked: RequestSpec, read: (res: RawResponse) => T | Promise<T>): Promise<T> {
    const spec: RequestSpec = { ...asked, priority: asked.priority ?? this.#priorityScope.getStore() ?? false };
    const attempts = spec.method === 'GET' ? this.#readAttempts : 1;
    for (let attempt = 0; ; attempt++) {
      await this.#admit(spec);
      try {
        const res = await this.#once(spec);
        try {
          return await read(res);
        } catch (err) {
          if (err instanceof ApiError && spec.method !== 'GET') throw err.with({ outcome: 'unknown' });
          throw err;
        }
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const last = attempt + 1 >= attempts;
        if (last || !retryable(err)) throw err;
        // a rate limit sets the budget's cool-down, which #admit waits out;
        // when that is too long, the service's own answer is the better error
        if (err.kind === 'rate_limited') {
          const a = this.budget.check(spec.priority ?? false);
          if (!a.go && a.waitMs > this.#maxWaitMs) throw err;
        }
        const wait = err.kind === 'rate_limited' ? 0 : retryDelay(attempt, err.retryAfterMs, this.#backoff);
        if (wait > this.#maxWaitMs) throw err;
        this.#logger.warn('api retry', { operation: spec.operation, kind: err.kind, attempt: attempt + 1, waitMs: wait });
        await this.#sleep(wait, spec);
      }
    }
  }

  /**
   * Runs `fn` with every call it makes (however deep, however late) marked
   * `priority` or not, unless a call says otherwise itself. The sync engine
   * runs a person's queued action in it, so the push handlers need not pass
   * the flag on each call; and background work runs in it with false, so it
   * never inherits a person's scope through a timer set inside one.
   */
  withPriority<T>(fn: () => T, priority = true): T {
    return this.#priorityScope.run(priority, fn);
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }

  /** Holds a call back while the rate budget says so, or fails it when the wait is too long. */
  async #admit(spec: RequestSpec): Promise<void> {
    for (;;) {
      const a = this.budget.check(spec.priority ?? false);
      if (a.go) return;
      if (a.waitMs > this.#maxWaitMs) {
        const b = this.budget.snapshot;
        const seconds = Math.ceil(a.waitMs / 1000);
        throw new ApiError({
          kind: 'rate_limited',
          messageKey: a.reason === 'reserve' ? 'api.rate_limited.reserve' : 'api.rate_limited',
          params: { seconds, remaining: b.remaining ?? '?' },
          outcome: 'not_applied',
          operation: spec.operation,
          retryAfterMs: a.waitMs,
        });
      }
      this.#logger.info('api holding back', { operation: spec.operation, reason: a.reason, waitMs: a.waitMs });
      await this.#sleep(a.waitMs, spec);
    }
  }

  async #once(spec: RequestSpec): Promise<RawResponse> {
    const creds = await this.#credentials();
    const authorization = `Basic ${Buffer.from(`${creds.username}:${creds.apiKey}`).toString('base64')}`;
    const ctx: FailedRequest = {
      operation: spec.operation,
      method: spec.method,
      host: this.base.host,
      deletesClient: spec.deletesClient,
      secrets: [creds.apiKey, authorization.slice(6)],
    };
    const path = this.#path(spec);
    const headers: Record<string, string> = { authorization, accept: spec.accept ?? 'application/json' };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }

    const started = this.#now();
    const done = this.budget.begin();
    let status: number | undefined;
    try {
      const res = await this.#pool.request({ method: spec.method, path, headers, body, signal: spec.signal });
      status = res.statusCode;
      this.budget.observe(res.headers);
      let text: string;
      try {
        text = await res.body.text();
      } catch (err) {
        // The status came: a failed status is still a clear answer. A 2xx
        // whose body broke off leaves a write's outcome unknown.
        if (status >= 300) text = '';
        else throw errorFromTransport(err, ctx, spec.signal?.aborted ?? false);
      }
      this.#logger.debug('api call', { operation: spec.operation, method: spec.method, path: this.#loggable(path), status, ms: this.#now() - started });
      if (status >= 200 && status < 300) {
        this.#throttles = 0;
        return { status, headers: res.headers, text };
      }
      let error = errorFromStatus(status, res.headers, text, ctx, this.#now());
      if (error.kind === 'rate_limited') error = this.#throttled(error);
      if (error.kind === 'unauthorized') this.#onUnauthorized?.();
      throw error;
    } catch (err) {
      if (err instanceof ApiError) {
        if (status === undefined || status < 300)
          this.#logger.warn('api call failed', {
            operation: spec.operation,
            method: spec.method,
            path: this.#loggable(path),
            kind: err.kind,
            ms: this.#now() - started,
          });
        throw err;
      }
      const error = errorFromTransport(err, ctx, spec.signal?.aborted ?? false);
      this.#logger.warn('api call failed', {
        operation: spec.operation,
        method: spec.method,
        path: this.#loggable(path),
        kind: error.kind,
        code: String(error.params.code),
        ms: this.#now() - started,
      });
      throw error;
    } finally {
      done();
    }
  }

  /** Starts the cool-down: Retry-After when given, else a growing, jittered wait. */
  #throttled(error: ApiError): ApiError {
    const wait = error.retryAfterMs ?? backoffDelay(this.#throttles, this.#throttleBackoff);
    this.#throttles++;
    this.budget.throttled(wait);
    return error.retryAfterMs === undefined ? error.with({ retryAfterMs: wait, params: { seconds: Math.ceil(wait / 1000) } }) : error;
  }

  #path(spec: RequestSpec): string {
    let p = this.base.path + spec.path;
    if (spec.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(spec.query)) q.set(k, String(v));
      const s = q.toString();
      if (s) p += `?${s}`;
    }
    return p;
  }

  /** Search paths carry what the person typed; logs keep only the area. */
  #loggable(path: string): string {
    const i = path.indexOf('/search/');
    if (i < 0) return path;
    return path.slice(0, i) + path.slice(i).split('/').slice(0, 3).join('/') + '/…';
  }

  async #sleep(ms: number, spec: RequestSpec): Promise<void> {
    try {
      await sleep(ms, spec.signal);
    } catch {
      throw new ApiError({ kind: 'aborted', messageKey: 'api.aborted', outcome: 'not_applied', operation: spec.operation });
    }
  }
}

function retryable(e: ApiError): boolean {
  switch (e.kind) {
    case 'network':
    case 'timeout':
    case 'server':
    case 'rate_limited':
      return true;
    case 'bad_response':
      return isTransient(e);
    default:
      return false;
  }
}

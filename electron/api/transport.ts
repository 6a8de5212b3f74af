// HTTP to the service over one keep-alive undici Pool: credentials, timeouts
// and each request's whole deadline, cancelling, the rate budget and the
// service's Retry-After, the read policy's retries (read-policy.ts), and
// turning every failure into an ApiError. Knows nothing about records;
// InvoicingApi does.
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
import { type BackoffOptions, backoffDelay, sleep } from './backoff';
import { RateBudget, type RateBudgetOptions } from './rate-budget';
import { errorFromStatus, errorFromTransport, loginPage, unknownUnlessRead, type FailedRequest, type Method } from './classify';
import { ReadPolicy } from './read-policy';
import { badResponse, decodeText, headerOf, isWebPage } from './parse';

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
  /**
   * The most one request may take from being sent to its last byte, the
   * whole body included; default DEFAULT_DEADLINE_MS. The timeouts above only
   * limit waits between bytes, so an answer that trickles in would otherwise
   * never end. A function is asked at each request (a setting the person can
   * change while the app runs).
   */
  deadlineMs?: number | (() => number);
  /** idle keep-alive sockets are closed after this, default 30 s */
  keepAliveTimeoutMs?: number;
  /** answers larger than this are refused (kind bad_response, api.too_large), default DEFAULT_MAX_RESPONSE_BYTES */
  maxResponseBytes?: number;
  /** parallel connections, default 4 */
  connections?: number;
  /** attempts for reads (GET), the only calls retried by themselves; default 3 (read-policy.ts) */
  readAttempts?: number;
  /** the pause between attempts of a read (read-policy.ts) */
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
  /**
   * Sent as User-Agent with every request, default "quotedesk": the
   * service's operators (and its request log) can tell this app's requests
   * from the other tools on the same key.
   */
  userAgent?: string;
  now?: () => number;
}

/**
 * The default deadline of one request. The largest answer the app asks for is
 * a page of 1000 quotations: 1.2 MB of JSON in the sandbox's generated data
 * (2.5 lines a quotation; measured, docs/retries.md), about 4 MB with ten
 * lines each. Two minutes reads the first at 10 KB/s and the second at
 * 35 KB/s, a poor hotel or train connection, with room for the seconds a busy
 * service takes to build the page; and it still ends a stalled answer before
 * a person gives up on the app. A setting (answerWaitSeconds) changes it.
 */
export const DEFAULT_DEADLINE_MS = 120_000;

/**
 * The largest answer read: 16 MB. The largest the app asks for is a page of
 * 1000 quotations, 1.2 MB on the sandbox's generated data and about 4 MB
 * with ten lines each (docs/retries.md); 16 MB is four times that, room for
 * long descriptions and notes. Every byte read becomes a string and then
 * records in the main process (docs/pull-at-scale.md: 31–35 MB of live heap
 * for a whole pull), so an answer of 64 MB would take several times the
 * heap the app otherwise needs, for something that is not an answer to
 * what was asked.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

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
  readonly #maxResponseBytes: number;
  readonly #headersTimeout: number;
  readonly #bodyTimeout: number;
  readonly #deadline: () => number;
  readonly #reads: ReadPolicy;
  readonly #onUnauthorized: (() => void) | undefined;
  readonly #now: () => number;
  readonly #throttleBackoff: BackoffOptions;
  readonly #userAgent: string;
  /** rate-limit answers in a row, for the growing cool-down */
  #throttles = 0;
  /** until when (epoch ms) the service asked, by a Retry-After on another status than a rate limit, that nothing be sent */
  #heldUntil = 0;
  /** the status that came with it */
  #heldStatus = 503;
  /** ends every call under way and every wait, when the app stops or the space is left */
  #stopping = new AbortController();
  /** whether the calls made in the current async scope are a person's, and what ends them */
  readonly #scope = new AsyncLocalStorage<{ priority?: boolean; signal?: AbortSignal }>();
  /** the requests sent and not yet ended, each with when it was sent */
  readonly #inFlight = new Set<{ sentAt: number }>();
  readonly #inFlightListeners = new Set<() => void>();

  constructor(opts: TransportOptions) {
    this.base = parseBaseUrl(opts.baseUrl);
    this.#credentials = opts.credentials;
    this.#logger = opts.logger ?? silentLogger;
    this.#maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#headersTimeout = opts.headersTimeoutMs ?? 30_000;
    this.#bodyTimeout = opts.bodyTimeoutMs ?? 30_000;
    const deadline = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#deadline = typeof deadline === 'function' ? deadline : () => deadline;
    this.#reads = new ReadPolicy({ attempts: opts.readAttempts, backoff: opts.backoff, maxWaitMs: opts.maxWaitMs });
    this.#onUnauthorized = opts.onUnauthorized;
    this.#now = opts.now ?? Date.now;
    this.#userAgent = opts.userAgent ?? 'quotedesk';
    this.#throttleBackoff = { baseMs: 2_000, capMs: 5 * 60_000, random: opts.backoff?.random, ...opts.rateLimitBackoff };
    this.budget = new RateBudget({ now: this.#now, ...opts.rateLimit });
    this.#pool = new Pool(this.base.origin, {
      connections: opts.connections ?? 4,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
      headersTimeout: this.#headersTimeout,
      bodyTimeout: this.#bodyTimeout,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? 30_000,
      // a page of 1000 records is a few MB at most; far more is not an answer to read
      maxResponseSize: this.#maxResponseBytes,
    });
  }

  /** Where the client's warnings go (the InvoicingApi tells it about answers it read in an unusual form). */
  get logger(): Logger {
    return this.#logger;
  }

  /**
   * Sends one call and hands the 2xx answer to `read`. Reads (GET) are tried
   * again as the read policy says (read-policy.ts); writes never are: their
   * error says whether they may have been applied (`outcome`), and the
   * outbox decides (sync/write-policy.ts).
   */
  async request<T>(asked: RequestSpec, read: (res: RawResponse) => T | Promise<T>): Promise<T> {
    const scope = this.#scope.getStore();
    const signal = asked.signal && scope?.signal ? AbortSignal.any([asked.signal, scope.signal]) : (asked.signal ?? scope?.signal);
    const spec: RequestSpec = { ...asked, priority: asked.priority ?? scope?.priority ?? false, ...(signal ? { signal } : {}) };
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
        if (!(err instanceof ApiError) || spec.method !== 'GET') throw err;
        const wait = this.#reads.pauseAfter(err, attempt, this.#heldFor(spec));
        if (wait === null) throw err;
        this.#logger.warn('api retry', { operation: spec.operation, kind: err.kind, attempt: attempt + 1, waitMs: wait });
        await this.#sleep(wait, spec);
      }
    }
  }

  /** How long every call waits before it may go: the service's Retry-After or the rate budget's cool-down. */
  #heldFor(spec: RequestSpec): number {
    const now = this.#now();
    const a = this.budget.check(spec.priority ?? false);
    return Math.max(this.#heldUntil - now, a.go ? 0 : a.waitMs, 0);
  }

  /**
   * When (epoch ms) the oldest request still under way was sent: from then
   * the desk waits for its answer, to the last byte. Null while none is. A
   * call held back before it goes (a Retry-After, the rate budget) or resting
   * between a read's attempts is not under way.
   */
  oldestInFlight(): number | null {
    let oldest: number | null = null;
    for (const r of this.#inFlight) if (oldest === null || r.sentAt < oldest) oldest = r.sentAt;
    return oldest;
  }

  /** Told each time a request is sent or ends (oldestInFlight may have changed); returns the call that stops telling. */
  onInFlight(listener: () => void): () => void {
    this.#inFlightListeners.add(listener);
    return () => void this.#inFlightListeners.delete(listener);
  }

  #tellInFlight(): void {
    for (const l of [...this.#inFlightListeners]) {
      try {
        l();
      } catch (err) {
        // a listener's trouble is not the request's
        this.#logger.warn('in-flight listener failed', { error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  /** Until when (epoch ms) the service asked that nothing be sent (a Retry-After on a 503 or another error); null when it did not. */
  heldUntil(): number | null {
    return this.#heldUntil > this.#now() ? this.#heldUntil : null;
  }

  /**
   * Ends every call under way, and every wait for one, with kind `aborted`
   * (a write under way is then of unknown outcome), and refuses new ones the
   * same way. For stopping: nothing the service is slow to answer may keep
   * the app from closing.
   */
  abortAll(): void {
    this.#stopping.abort();
  }

  /**
   * Runs `fn` with every call it makes (however deep, however late) marked
   * `priority` or not, unless a call says otherwise itself. The sync engine
   * runs a person's queued action in it, so the push handlers need not pass
   * the flag on each call; and background work runs in it with false, so it
   * never inherits a person's scope through a timer set inside one.
   */
  withPriority<T>(fn: () => T, priority = true): T {
    return this.#scope.run({ ...this.#scope.getStore(), priority }, fn);
  }

  /**
   * Runs `fn` with every call it makes ended when `signal` aborts (kind
   * `aborted`), as if each was given the signal itself: the sync engine
   * runs its work in it, so stopping ends a push or a pull under way.
   */
  withSignal<T>(signal: AbortSignal, fn: () => T): T {
    return this.#scope.run({ ...this.#scope.getStore(), signal }, fn);
  }

  async close(): Promise<void> {
    this.abortAll();
    // every request was ended above; destroy, not close: close would wait for answers that may never end
    await this.#pool.destroy();
  }

  /** Holds a call back while the service or the rate budget says so, or fails it when the wait is too long. */
  async #admit(spec: RequestSpec): Promise<void> {
    for (;;) {
      if (this.#stopping.signal.aborted) throw this.#abortedError(spec);
      const held = this.#heldUntil - this.#now();
      if (held > 0) {
        if (held > this.#reads.maxWaitMs) {
          // nothing was sent: the caller may go again once the time has come
          throw new ApiError({
            // held back, like a call the rate limit holds: never an attempt that failed
            kind: 'rate_limited',
            messageKey: 'api.unavailable',
            params: { status: this.#heldStatus, seconds: Math.ceil(held / 1000) },
            outcome: 'not_applied',
            operation: spec.operation,
            retryAfterMs: held,
          });
        }
        this.#logger.info('api holding back', { operation: spec.operation, reason: 'retry-after', waitMs: held });
        await this.#sleep(held, spec);
        continue;
      }
      const a = this.budget.check(spec.priority ?? false);
      if (a.go) return;
      if (a.waitMs > this.#reads.maxWaitMs) {
        const b = this.budget.snapshot;
        const seconds = Math.ceil(a.waitMs / 1000);
        throw new ApiError({
          kind: 'rate_limited',
          messageKey: a.reason === 'reserve' ? 'api.rate_limited.reserve' : 'api.rate_limited',
          params: { seconds, minutes: Math.ceil(a.waitMs / 60_000), remaining: b.remaining ?? '?' },
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
      maxResponseBytes: this.#maxResponseBytes,
    };
    const path = this.#path(spec);
    const headers: Record<string, string> = { authorization, accept: spec.accept ?? 'application/json', 'user-agent': this.#userAgent };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }

    const started = this.#now();
    const done = this.budget.begin();
    const sent = { sentAt: started };
    this.#inFlight.add(sent);
    this.#tellInFlight();
    // One signal ends the request, body and all: the caller's, the app stopping, or the deadline.
    const deadline = AbortSignal.timeout(Math.max(1, this.#deadline()));
    const signal = AbortSignal.any(spec.signal ? [spec.signal, this.#stopping.signal, deadline] : [this.#stopping.signal, deadline]);
    const stopped = (): 'aborted' | 'deadline' | null =>
      spec.signal?.aborted || this.#stopping.signal.aborted ? 'aborted' : deadline.aborted ? 'deadline' : null;
    let status: number | undefined;
    try {
      const res = await this.#pool.request({ method: spec.method, path, headers, body, signal });
      status = res.statusCode;
      this.budget.observe(res.headers);
      const contentType = headerOf(res.headers, 'content-type');
      let bytes: Uint8Array;
      try {
        // an answer that says at once it is larger than the cap is not read at all (undici stops a longer one as it comes)
        const length = Number(headerOf(res.headers, 'content-length') ?? NaN);
        if (length > this.#maxResponseBytes) {
          res.body.destroy();
          throw Object.assign(new Error('the answer is larger than the cap'), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' });
        }
        // the bytes, decoded below by the charset the answer names (undici's text() would read any as UTF-8)
        bytes = new Uint8Array(await res.body.arrayBuffer());
      } catch (err) {
        // The status came. A 2xx whose body broke off leaves a write's
        // outcome unknown. A refusal is still a refusal, but one whose
        // reason is in its body (400, 403, 422: which fields, which of the
        // 403s) cannot be acted on unread: it is an answer to ask again for,
        // safely, since the refusal proves nothing was applied.
        if (status < 300 || stopped() !== null) throw errorFromTransport(err, ctx, stopped());
        if (status === 400 || status === 403 || status === 422) {
          throw badResponse(spec.operation, `the answer to a refused request (status ${status}) broke off`, { transient: true });
        }
        bytes = new Uint8Array(0);
      }
      this.#logger.debug('api call', { operation: spec.operation, method: spec.method, path: this.#loggable(path), status, ms: this.#now() - started });
      if (status >= 200 && status < 300) {
        let text: string;
        try {
          text = decodeText(bytes, contentType, spec.operation, true);
        } catch (err) {
          throw err instanceof ApiError ? err.with({ outcome: unknownUnlessRead(spec.method) }) : err;
        }
        const answer = { status, headers: res.headers, text };
        // a web page where data was expected: the network's login page (a hotel's, a train's), not the service
        if (isWebPage(answer)) throw loginPage(ctx, status);
        this.#throttles = 0;
        return answer;
      }
      // an error's body is read for its words only: bytes that are not text in its charset do not hide them
      const text = decodeText(bytes, contentType, spec.operation, false);
      let error = errorFromStatus(status, res.headers, text, ctx, this.#now());
      if (error.kind === 'rate_limited') error = this.#throttled(error);
      else if (error.retryAfterMs !== undefined) {
        // the service named when to come back (a maintenance window's 503): nothing goes before then
        this.#heldUntil = Math.max(this.#heldUntil, this.#now() + error.retryAfterMs);
        this.#heldStatus = status;
      }
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
      const error = errorFromTransport(err, ctx, stopped());
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
      this.#inFlight.delete(sent);
      this.#tellInFlight();
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
      await sleep(ms, spec.signal ? AbortSignal.any([spec.signal, this.#stopping.signal]) : this.#stopping.signal);
    } catch {
      throw this.#abortedError(spec);
    }
  }

  /** A call that never went out: cancelled while it waited. */
  #abortedError(spec: RequestSpec): ApiError {
    return new ApiError({ kind: 'aborted', messageKey: 'api.aborted', outcome: 'not_applied', operation: spec.operation });
  }
}

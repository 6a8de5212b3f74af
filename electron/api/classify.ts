// Turns what came back (a status and a body, or a transport failure) into an
// ApiError a caller can act on. The service's error bodies are undocumented:
// the body is read for field errors in the shapes services commonly write
// (fieldErrorsOf; docs/wire-format.md, Error bodies), and scanned for a few
// words where one status means several things (403, 401).
//
// What an answer proves about a write (docs/retries.md, the answer table):
// only a 4xx is the service (or a gateway in front of it) refusing before
// acting, so only a 4xx says "not applied". A 5xx, a gateway's page, a
// redirect, an unreadable answer, a broken connection or a timeout says
// nothing of whether the service acted: for a write its outcome is unknown,
// and the record is looked up before the write goes again.
import type { FieldError } from '../../shared/field-errors';
import { describeFieldErrors } from '../../shared/field-errors';
import type { Outcome } from '../../shared/api-errors';
import type { MessageParams } from '../../shared/messages';
import { isRecord } from '../../shared/same-value';
import { ApiError } from './errors';
import { parseRetryAfter } from './backoff';
import { redact } from './redact';

/** Removes every secret (and any Basic credentials) from text the service sent back: redact.ts. */
export { redact };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What is known of the request an error is about (not a context: that word is the bridge handlers'). */
export interface FailedRequest {
  operation: string;
  method: Method;
  host: string;
  /** a client delete: a 403 there means the client has documents */
  deletesClient?: boolean;
  /** strings that must never appear in an error: the key and the Authorization value */
  secrets: readonly string[];
  /** the largest answer read, for the error of a larger one */
  maxResponseBytes?: number;
}

const INACTIVE_KEY = /\b(?:api[ -]?)?key (?:is|was|has been) (?:inactive|not active|deactivated|disabled)\b/i;

type Headers = Record<string, string | string[] | undefined>;

/**
 * The network answered with its own login page instead of the service's
 * answer: a 200 web page where data was expected, or a 511. Kind `offline`:
 * the service cannot be reached from this network until the person signs in
 * to it, so nothing counts toward giving up and the engine probes the line as
 * it does offline. A write's outcome is unknown all the same (a gateway may
 * answer so after the service acted): it is looked up before it goes again.
 */
export function loginPage(ctx: Pick<FailedRequest, 'operation' | 'method'>, status: number): ApiError {
  return new ApiError({
    kind: 'offline',
    messageKey: 'api.login_page',
    params: { code: 'login_page' },
    outcome: unknownUnlessRead(ctx.method),
    operation: ctx.operation,
    status,
  });
}

/** Whether a request may have been applied though no usable answer came back. */
export function unknownUnlessRead(method: Method): Outcome {
  return method === 'GET' ? 'not_applied' : 'unknown';
}

/**
 * What a status proves of the request: a 4xx is a refusal given before
 * acting; any other status leaves a write's outcome unknown (a read changes
 * nothing either way).
 */
function outcomeOfStatus(status: number, method: Method): Outcome {
  return status >= 400 && status < 500 ? 'not_applied' : unknownUnlessRead(method);
}

export function errorFromStatus(status: number, headers: Headers, body: string, ctx: FailedRequest, now = Date.now()): ApiError {
  const base = { operation: ctx.operation, status, outcome: outcomeOfStatus(status, ctx.method) };
  const serverMessage = serverMessageOf(body, ctx.secrets);
  const withMessage = serverMessage === undefined ? {} : { serverMessage };
  const text = body.slice(0, 2000);
  // Retry-After is honoured on whatever status carries it (a 503 of a maintenance window, a 429, a 403 over the limit)
  const retryAfterMs = parseRetryAfter(headers['retry-after'], now);
  const withWait = retryAfterMs === undefined ? {} : { retryAfterMs };

  switch (status) {
    case 400:
    case 422: {
      const fieldErrors = fieldErrorsOf(body, ctx.secrets);
      const fields = fieldErrors.length > 0 ? describeFieldErrors(fieldErrors) : (serverMessage ?? 'no details given');
      return new ApiError({ ...base, ...withMessage, kind: 'validation', messageKey: 'api.validation', params: { fields }, fieldErrors });
    }
    case 401:
      return new ApiError({
        ...base,
        ...withMessage,
        kind: 'unauthorized',
        // only a body that says the key IS inactive; "wrong, deleted or inactive" says nothing
        messageKey: INACTIVE_KEY.test(text) ? 'api.unauthorized.inactive' : 'api.unauthorized',
      });
    case 402:
      return new ApiError({ ...base, ...withMessage, kind: 'payment_required', messageKey: 'api.payment_required' });
    case 403:
      return forbidden(headers, text, ctx, base, withMessage, retryAfterMs);
    case 404:
      return new ApiError({ ...base, ...withMessage, kind: 'not_found', messageKey: 'api.not_found' });
    case 405:
      return new ApiError({ ...base, ...withMessage, kind: 'method_not_allowed', messageKey: 'api.method_not_allowed' });
    case 406:
      return new ApiError({ ...base, ...withMessage, kind: 'not_acceptable', messageKey: 'api.not_acceptable' });
    case 429:
      return rateLimited(retryAfterMs, base, withMessage);
    case 511:
      // Network Authentication Required: the status made for a network's login page (RFC 6585)
      return loginPage(ctx, status);
  }
  if (status >= 500) {
    // a gateway's page (502, 503, 504) says nothing of the service behind it; a 500 is the service's own
    const gateway = status === 502 || status === 503 || status === 504;
    const params: MessageParams = retryAfterMs === undefined ? { status } : { status, seconds: Math.ceil(retryAfterMs / 1000) };
    return new ApiError({
      ...base,
      ...withMessage,
      ...withWait,
      kind: 'server',
      messageKey: gateway ? (retryAfterMs === undefined ? 'api.gateway' : 'api.unavailable') : 'api.server',
      params,
    });
  }
  return new ApiError({ ...base, ...withMessage, ...withWait, kind: 'bad_response', messageKey: 'api.unexpected_status', params: { status } });
}

function forbidden(
  headers: Headers,
  text: string,
  ctx: FailedRequest,
  base: { operation: string; status: number; outcome: Outcome },
  withMessage: object,
  retryAfterMs: number | undefined,
): ApiError {
  const remaining = Array.isArray(headers['x-ratelimit-remaining']) ? headers['x-ratelimit-remaining'][0] : headers['x-ratelimit-remaining'];
  const blocked = () => new ApiError({ ...base, ...withMessage, kind: 'forbidden', messageKey: 'api.forbidden' });
  const documents = () => new ApiError({ ...base, ...withMessage, kind: 'has_documents', messageKey: 'api.has_documents' });
  // the body's words first, most specific first; then the headers; then what was asked
  if (/black-?list|blocked/i.test(text)) return blocked();
  if (/\bdocuments?\b|\binvoices?\b/i.test(text)) return documents();
  if (/limit|too many|rate/i.test(text)) return rateLimited(retryAfterMs, base, withMessage);
  if (remaining?.trim() === '0') return rateLimited(retryAfterMs, base, withMessage);
  if (ctx.deletesClient) return documents();
  return blocked();
}

function rateLimited(retryAfterMs: number | undefined, base: { operation: string; status: number; outcome: Outcome }, withMessage: object): ApiError {
  const init = { ...base, ...withMessage, kind: 'rate_limited' as const, messageKey: 'api.rate_limited' as const };
  return retryAfterMs === undefined
    ? new ApiError({ ...init, params: { seconds: '?' } })
    : new ApiError({ ...init, retryAfterMs, params: { seconds: Math.ceil(retryAfterMs / 1000) } });
}

const MB = 1024 * 1024;
const OFFLINE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EADDRNOTAVAIL', 'EHOSTDOWN']);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);

/** Reads only the code of a low-level error (never its message or options). */
export function errorCode(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; name?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) return errorCode(e.errors[0]);
  if (e.cause !== undefined && e.cause !== err) return errorCode(e.cause);
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return String(e.name);
  return undefined;
}

/**
 * A failure below HTTP. `stopped` says why the request was ended from this
 * side, if it was: cancelled (`aborted`: the caller, or the app stopping) or
 * out of time (`deadline`: the whole answer did not arrive within the
 * request's deadline). A write that was under way then has an unknown
 * outcome; a failure to connect at all proves it was not applied.
 */
export function errorFromTransport(err: unknown, ctx: FailedRequest, stopped: 'aborted' | 'deadline' | null): ApiError {
  const code = errorCode(err) ?? 'unknown';
  const base = { operation: ctx.operation, params: { code } };
  if (stopped === 'deadline') {
    return new ApiError({ ...base, params: { code: 'deadline' }, kind: 'timeout', messageKey: 'api.timeout', outcome: unknownUnlessRead(ctx.method) });
  }
  if (stopped === 'aborted' || code === 'UND_ERR_ABORTED' || code === 'AbortError') {
    return new ApiError({ ...base, kind: 'aborted', messageKey: 'api.aborted', outcome: unknownUnlessRead(ctx.method) });
  }
  if (OFFLINE.has(code)) return new ApiError({ ...base, kind: 'offline', messageKey: 'api.offline', outcome: 'not_applied' });
  if (DNS.has(code)) return new ApiError({ ...base, kind: 'offline', messageKey: 'api.offline.dns', params: { code, host: ctx.host }, outcome: 'not_applied' });
  // no connection was made, so nothing was sent
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new ApiError({ ...base, kind: 'timeout', messageKey: 'api.timeout', outcome: 'not_applied' });
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT' || code === 'TimeoutError') {
    return new ApiError({ ...base, kind: 'timeout', messageKey: 'api.timeout', outcome: unknownUnlessRead(ctx.method) });
  }
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    const megabytes = ctx.maxResponseBytes === undefined ? '?' : Number((ctx.maxResponseBytes / MB).toPrecision(3));
    return new ApiError({
      ...base,
      kind: 'bad_response',
      messageKey: 'api.too_large',
      params: { code, megabytes, detail: `the answer is larger than ${megabytes} MB` },
      outcome: unknownUnlessRead(ctx.method),
    });
  }
  return new ApiError({ ...base, kind: 'network', messageKey: 'api.network', outcome: unknownUnlessRead(ctx.method) });
}

const FIELD_KEYS = ['field', 'name', 'path', 'property', 'param', 'attribute', 'key'];
const MESSAGE_KEYS = ['message', 'msg', 'error', 'detail', 'description'];

/**
 * Field errors from an error body, in the shapes services commonly write:
 * - ours (the sandbox's): `{"error": "…", "errors": [{"field", "message"}]}`;
 * - a bare list: `[{"field", "message"}]`, or of words: `["…", …]`;
 * - `{"errors": ["…"]}`;
 * - Laravel's: `{"message": "…", "errors": {"email": ["…", …]}}`;
 * - only words: `{"error": "…"}`, `{"message": "…"}` or plain text, which
 *   become one error about the body as a whole (field "").
 * An item names its field as `field` (or name, path, property, param,
 * attribute, key) and its words as `message` (or msg, error, detail,
 * description). Field names become our paths where they can (fieldPath).
 * [] for an empty body or a web page.
 */
export function fieldErrorsOf(body: string, secrets: readonly string[]): FieldError[] {
  const parsed = tryJson(body);
  const out: FieldError[] = [];
  const add = (field: unknown, message: unknown) => {
    if (typeof message !== 'string' || message.trim() === '' || out.length >= 200) return;
    out.push({ field: typeof field === 'string' ? redact(fieldPath(field), secrets) : '', message: redact(message.trim().slice(0, 500), secrets) });
  };
  const fromList = (list: unknown[]) => {
    for (const item of list.slice(0, 200)) {
      if (typeof item === 'string') add('', item);
      else if (isRecord(item)) add(firstString(item, FIELD_KEYS) ?? '', firstString(item, MESSAGE_KEYS));
    }
  };
  if (Array.isArray(parsed)) fromList(parsed);
  else if (isRecord(parsed)) {
    const errors = parsed.errors;
    if (Array.isArray(errors)) fromList(errors);
    else if (isRecord(errors)) {
      for (const [field, said] of Object.entries(errors).slice(0, 200)) {
        if (Array.isArray(said)) for (const m of said) add(field, m);
        else add(field, said);
      }
    }
  }
  if (out.length > 0) return out;
  const words = serverMessageOf(body, secrets);
  return words === undefined ? [] : [{ field: '', message: words }];
}

/**
 * A field name as our paths write it (shared/field-errors.ts): the bracket
 * keys of a form (`lines[0][price]`, `reference[line1]`), `lines[0].price`, a
 * JSON pointer (`/lines/0/price`) and `$.`-paths become dotted; lines keyed
 * as the service writes them (`lines.line1.price`, `line1.price`) become
 * their index (`lines.0.price`). Anything else stays as it is.
 */
export function fieldPath(name: string): string {
  let p = name.trim();
  if (p.startsWith('/')) p = p.slice(1).replace(/\//g, '.');
  p = p.replace(/^\$\.?/, '');
  p = p
    .replace(/\[([^\]]*)\]/g, '.$1')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.|\.$/g, '');
  return p.replace(/^(?:lines\.)?line([1-9]\d*)(?=\.|$)/, (_, n: string) => `lines.${Number(n) - 1}`);
}

/**
 * What the service said, short and scrubbed: the words of a JSON body
 * (`error`, `message`, `error.message`, `detail` or `title`; a list's first),
 * else the start of a text body; nothing for a web page.
 */
export function serverMessageOf(body: string, secrets: readonly string[]): string | undefined {
  const parsed = tryJson(body);
  let msg: string | undefined;
  if (isRecord(parsed)) {
    const nested = isRecord(parsed.error) ? firstString(parsed.error, ['message']) : undefined;
    msg = firstString(parsed, ['error', 'message']) ?? nested ?? firstString(parsed, ['detail', 'title']);
  } else if (Array.isArray(parsed)) {
    const first: unknown = parsed[0];
    msg = typeof first === 'string' ? first : isRecord(first) ? firstString(first, MESSAGE_KEYS) : undefined;
  } else if (typeof parsed === 'string') {
    msg = parsed;
  } else if (parsed === undefined) {
    const t = body.trim();
    // an HTML error page says nothing a person can use here
    if (t !== '' && !t.startsWith('<')) msg = t;
  }
  if (msg === undefined || msg.trim() === '') return undefined;
  const one = msg.replace(/\s+/g, ' ').trim();
  return redact(one.length > 300 ? `${one.slice(0, 300)}…` : one, secrets);
}

/** The first of `keys` whose value is a string that says something. */
function firstString(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

function tryJson(body: string): unknown {
  const t = body.replace(/^\uFEFF/, '').trim();
  if (t === '' || !(t.startsWith('{') || t.startsWith('[') || t.startsWith('"'))) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

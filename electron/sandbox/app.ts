// The fastify application: the request pipeline every endpoint shares
// (faults, blacklist, auth, throttle, hourly limit, 406), the error answers,
// and the data file written (or the change rolled back) before each answer.
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AUTH_INVALID_MESSAGE, AUTH_MISSING_MESSAGE, checkAuth, type KeyState } from './auth';
import { registerBodyParsers } from './body';
import type { ServiceState } from './service-state';
import { ApiError, errorBody } from './errors';
import { FaultInjector, type FaultKind, type Strike } from './faults';
import { chooseFormat, CONTENT_TYPE, renderError, type Format } from './negotiate';
import { HourlyLimit, Throttle } from './rate-limit';
import { answerIn, LOGIN_PAGE } from './respond';
import { clientRoutes } from './routes/clients';
import { countryRoutes } from './routes/countries';
import { documentListRoutes } from './routes/document-lists';
import { productRoutes } from './routes/products';
import { quotationRoutes } from './routes/quotations';
import { searchRoutes, normalizeSearchUrl } from './routes/search';
import { signRoutes } from './routes/sign';

declare module 'fastify' {
  interface FastifyRequest {
    format: Format;
    logEntry: RequestRecord | null;
    afterWork: Strike | null;
    /** data.changes when the work began; null before the pipeline ran */
    changesAtStart: number | null;
    /** the answer is a gateway's page: none of the service's headers */
    gatewayPage: boolean;
  }
}

export interface RequestRecord {
  method: string;
  url: string;
  /** the status answered; 0 when the connection was reset before an answer */
  status: number;
  /** the injected fault, if any: reset, error, stall, truncate, drop, hang, applied_error, login_page, answer */
  fault?: FaultKind;
  /** applied_error, login_page after the work: the status of the service's own answer, which the error or the page replaced */
  replaced?: number;
  /** the request's User-Agent: which tool on the key asked */
  agent?: string;
  /** a write answered with an id: the record it made or changed */
  id?: number;
}

/** The switches tests flip while the sandbox runs. */
export interface Runtime {
  readonly user: string;
  readonly key: string;
  keyState: KeyState;
  blacklisted: boolean;
  readonly limit: HourlyLimit;
  readonly throttle: Throttle;
  readonly faults: FaultInjector;
  readonly log: RequestRecord[];
  readonly quiet: boolean;
  /** answers stalled now; each ends its answer */
  readonly stalls: Set<() => void>;
}

const API = '/api/v1';
const isApiPath = (url: string) => url === API || url.startsWith(`${API}/`) || url.startsWith(`${API}?`);
const PENDING = () => new Promise<never>(() => {});
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The path a fault rule is matched against: after /api/v1, without the query. */
function faultPath(url: string): string {
  const path = url.split('?')[0]!;
  return isApiPath(path) ? path.slice(API.length) : path;
}

/** The page nginx writes when the service behind it fails or does not answer. */
function gatewayHtml(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

function faultMessage(status: number, applied: boolean): string {
  const what = status === 500 ? 'Internal server error' : status === 503 ? 'The service is unavailable' : `${status} ${STATUS_CODES[status] ?? 'Error'}`.trim();
  return applied ? `${what}. Try again in a moment.` : `${what}: the request was not carried out. Try again ${status === 503 ? 'later' : 'in a moment'}.`;
}

export function buildApp(
  ctx: ServiceState,
  rt: Runtime,
  serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server,
): FastifyInstance {
  const app = Fastify({
    logger: false,
    serverFactory,
    bodyLimit: 4 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    rewriteUrl: (req) => normalizeSearchUrl(req.url ?? '/'),
    frameworkErrors: (error, req, raw) => {
      const reply = raw as unknown as FastifyReply;
      rt.log.push({ method: req.raw.method ?? '', url: req.raw.url ?? '', status: 400 });
      setLimitHeaders(reply);
      // a reply is thenable, and what this hook returns goes nowhere
      void reply
        .code(400)
        .type(CONTENT_TYPE.json)
        .send(renderError('json', errorBody(400, `The address cannot be read (${error.message}). Percent-encode special characters in the path.`)));
    },
  });
  app.decorateRequest('format', 'json');
  app.decorateRequest('logEntry', null);
  app.decorateRequest('afterWork', null);
  app.decorateRequest('changesAtStart', null);
  app.decorateRequest('gatewayPage', false);
  registerBodyParsers(app);

  function setLimitHeaders(reply: FastifyReply): void {
    const s = rt.limit.state();
    reply.header('X-RateLimit-Limit', String(s.limit));
    reply.header('X-RateLimit-Remaining', String(s.remaining));
  }

  /** Removes every header the reply has so far: the answer that follows replaces the service's. */
  function clearHeaders(reply: FastifyReply): void {
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
  }

  /** Makes the reply the error a fault answers (status, headers, type) and returns its body. */
  function faultAnswer(req: FastifyRequest, reply: FastifyReply, strike: Strike): string {
    const status = strike.status ?? 500;
    // the answer replaces whatever the service put on it
    clearHeaders(reply);
    reply.code(status);
    if (strike.retryAfter !== undefined) reply.header('Retry-After', strike.retryAfter);
    if (strike.body === 'html') {
      req.gatewayPage = true;
      reply.type('text/html');
      return gatewayHtml(status);
    }
    setLimitHeaders(reply);
    reply.type(CONTENT_TYPE[req.format]);
    return renderError(req.format, errorBody(status, faultMessage(status, strike.kind === 'applied_error')));
  }

  /** Makes the reply a network's login page (200, text/html, none of the service's headers) and returns it. */
  function loginPageAnswer(req: FastifyRequest, reply: FastifyReply): string {
    clearHeaders(reply);
    req.gatewayPage = true;
    reply.code(200).type('text/html; charset=utf-8');
    return LOGIN_PAGE;
  }

  /** 200 and the headers now, then a byte every everyMs until the socket closes. */
  function stall(req: FastifyRequest, reply: FastifyReply, everyMs: number): void {
    reply.hijack();
    const res = reply.raw;
    const s = rt.limit.state();
    res.writeHead(200, {
      'content-type': CONTENT_TYPE[req.format],
      'x-ratelimit-limit': String(s.limit),
      'x-ratelimit-remaining': String(s.remaining),
    });
    // a JSON array (or an XML document) that never ends: whitespace after its start
    const start = req.format === 'json' ? '[' : '<?xml version="1.0" encoding="UTF-8"?>';
    let sent = 0;
    const end = () => {
      clearInterval(timer);
      rt.stalls.delete(stop);
    };
    const stop = () => {
      end();
      res.destroy();
    };
    const next = () => {
      if (res.destroyed || res.writableEnded) return end();
      res.write(sent < start.length ? start[sent]! : ' ');
      sent++;
    };
    const timer = setInterval(next, everyMs);
    rt.stalls.add(stop);
    res.on('close', end);
    next();
  }

  /**
   * Writes the data file before the answer goes out. When a request's change
   * cannot be written it is rolled back and the answer is 503; a read is
   * answered as it is (what is pending is written later).
   */
  function storeOrRollback(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const failure = ctx.data.tryFlush();
    if (!failure) return payload;
    const changed = !isRead(req.method) && req.changesAtStart !== null && ctx.data.changes !== req.changesAtStart;
    if (!changed) return payload;
    ctx.data.rollback();
    if (!rt.quiet) console.error(`sandbox: the data file cannot be written, the change was undone: ${failure.message}`);
    clearHeaders(reply);
    setLimitHeaders(reply);
    reply.code(503).type(CONTENT_TYPE[req.format]);
    return renderError(
      req.format,
      errorBody(503, `The service could not store the change (its storage failed: ${failure.message}), so nothing was changed. Try again later.`),
    );
  }

  app.addHook('onRequest', async (req, reply) => {
    const entry: RequestRecord = { method: req.method, url: req.originalUrl, status: 0 };
    if (req.headers['user-agent']) entry.agent = req.headers['user-agent'];
    rt.log.push(entry);
    req.logEntry = entry;
    const format = chooseFormat(req.headers.accept);
    req.format = format ?? 'json';

    const latency = rt.faults.latency(req.method);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const strike = rt.faults.draw(req.method, faultPath(req.originalUrl));
    if (strike?.kind === 'reset') {
      entry.fault = 'reset';
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (strike?.kind === 'error') {
      entry.fault = 'error';
      return reply.send(faultAnswer(req, reply, strike));
    }
    if (strike?.kind === 'body') {
      entry.fault = 'body';
      return reply
        .code(strike.status ?? 200)
        .type(CONTENT_TYPE.json)
        .send(strike.text);
    }
    if (strike?.kind === 'stall') {
      entry.fault = 'stall';
      entry.status = 200;
      stall(req, reply, strike.everyMs!);
      return;
    }
    if (strike?.kind === 'login_page' && !strike.applied) {
      entry.fault = 'login_page';
      return reply.send(loginPageAnswer(req, reply));
    }
    req.afterWork = strike;
    req.changesAtStart = ctx.data.changes;
    // only the API needs an account; other paths are public pages
    if (!isApiPath(req.url)) return;

    if (rt.blacklisted) throw new ApiError(403, "IP blacklisted: this address may not use the API. Ask the service's support to lift the block.");
    const auth = checkAuth(req.headers.authorization, rt.user, rt.key, rt.keyState);
    if (auth !== 'ok') {
      throw new ApiError(401, auth === 'missing' ? AUTH_MISSING_MESSAGE : AUTH_INVALID_MESSAGE, undefined, {
        'WWW-Authenticate': 'Basic realm="Invoicing Service API", charset="UTF-8"',
      });
    }
    const wait = rt.throttle.take();
    if (wait > 0) {
      throw new ApiError(429, `Too many requests in a short time. Wait ${wait} second${wait === 1 ? '' : 's'} (Retry-After) and send again.`, undefined, {
        'Retry-After': String(wait),
      });
    }
    if (!rt.limit.take()) {
      const resetAt = rt.limit.state().resetAt;
      const seconds = resetAt ? Math.max(1, Math.ceil((resetAt.getTime() - ctx.now().getTime()) / 1000)) : 3600;
      throw new ApiError(403, rt.limit.exceededMessage(), undefined, { 'Retry-After': String(seconds) });
    }
    if (format === null) {
      throw new ApiError(406, `Cannot answer in "${req.headers.accept}". Ask for application/json (the default) or application/xml.`);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.gatewayPage) setLimitHeaders(reply);
    payload = storeOrRollback(req, reply, payload);
    const entry = req.logEntry;
    if (entry) entry.status = reply.statusCode;
    const strike = req.afterWork;
    if (!strike) return payload;
    const fault = strike.kind;
    if (entry) entry.fault = fault;
    if (fault === 'applied_error' || fault === 'login_page') {
      // the work is done (and written); the answer is lost to an error, or to a login page
      if (entry) entry.replaced = reply.statusCode;
      payload = fault === 'login_page' ? loginPageAnswer(req, reply) : faultAnswer(req, reply, strike);
      if (entry) entry.status = reply.statusCode;
      return payload;
    }
    if (fault === 'answer') {
      // the work is done; the answer comes in another form
      payload = answerIn(reply, payload, {
        form: strike.form!,
        bytes: strike.bytes,
        path: faultPath(req.originalUrl),
        record: (list, id) => (list === 'clients' || list === 'products' || list === 'quotations' ? ctx.data[list].json(id) : undefined),
      });
      if (entry) entry.status = reply.statusCode;
      return payload;
    }
    const res = reply.raw;
    if (fault === 'truncate') {
      const body = Buffer.from(typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : String(payload));
      const headers = { ...reply.getHeaders(), 'content-length': String(body.length) } as Record<string, string>;
      res.writeHead(reply.statusCode, headers);
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
    } else if (fault === 'drop') {
      res.socket?.destroy();
    }
    // 'hang' and the two above: the answer never completes; the socket is
    // destroyed here, by the client's timeout, or when the sandbox closes
    return PENDING();
  });

  app.setErrorHandler((err: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) => {
    let status: number;
    let message: string;
    let errors;
    if (err instanceof ApiError) {
      status = err.status;
      message = err.message;
      errors = err.errors;
      for (const [k, v] of Object.entries(err.headers ?? {})) reply.header(k, v);
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      message = status === 413 ? 'The body is too large. Send at most 4 MB.' : `The request cannot be read: ${err.message}.`;
    } else {
      status = 500;
      message = 'Internal server error: the request failed unexpectedly. Try again; if it keeps failing, report it with the request that caused it.';
      if (!rt.quiet) console.error('sandbox: unexpected error', err);
    }
    return reply
      .code(status)
      .type(CONTENT_TYPE[req.format])
      .send(renderError(req.format, errorBody(status, message, errors)));
  });

  app.setNotFoundHandler(async (req) => {
    const path = req.originalUrl.split('?')[0];
    throw new ApiError(
      404,
      `No such endpoint: ${req.method} ${path}. ` +
        `The API lives under ${API}/: clients, products, quotations, search/{area}/{field}/{query}, countrylist, profiles, categories.`,
    );
  });

  clientRoutes(app, ctx);
  productRoutes(app, ctx);
  quotationRoutes(app, ctx);
  searchRoutes(app, ctx);
  countryRoutes(app, ctx);
  documentListRoutes(app, ctx);
  signRoutes(app, ctx);
  return app;
}

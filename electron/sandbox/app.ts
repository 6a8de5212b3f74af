// The fastify application: the request pipeline every endpoint shares
// (faults, blacklist, auth, throttle, hourly limit, 406) and the error answers.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { AUTH_INVALID_MESSAGE, AUTH_MISSING_MESSAGE, checkAuth, type KeyState } from './auth';
import { registerBodyParsers } from './body';
import type { ServiceState } from './service-state';
import { ApiError, errorBody } from './errors';
import { FaultInjector, type FaultKind } from './faults';
import { chooseFormat, CONTENT_TYPE, renderError, type Format } from './negotiate';
import { HourlyLimit, Throttle } from './rate-limit';
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
    afterWork: FaultKind | null;
  }
}

export interface RequestRecord {
  method: string;
  url: string;
  /** the status answered; 0 when the connection was reset before an answer */
  status: number;
  /** the injected fault, if any: reset, error, truncate, drop, hang */
  fault?: FaultKind;
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
}

const API = '/api/v1';
const isApiPath = (url: string) => url === API || url.startsWith(`${API}/`) || url.startsWith(`${API}?`);
const PENDING = () => new Promise<never>(() => {});

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
  registerBodyParsers(app);

  function setLimitHeaders(reply: FastifyReply): void {
    const s = rt.limit.state();
    reply.header('X-RateLimit-Limit', String(s.limit));
    reply.header('X-RateLimit-Remaining', String(s.remaining));
  }

  app.addHook('onRequest', async (req, reply) => {
    const entry: RequestRecord = { method: req.method, url: req.originalUrl, status: 0 };
    rt.log.push(entry);
    req.logEntry = entry;
    const format = chooseFormat(req.headers.accept);
    req.format = format ?? 'json';

    const latency = rt.faults.latency(req.method);
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));
    const fault = rt.faults.draw(req.method);
    if (fault === 'reset') {
      entry.fault = 'reset';
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (fault === 'error') {
      entry.fault = 'error';
      throw new ApiError(500, 'Internal server error: the request was not carried out. Try again in a moment.');
    }
    req.afterWork = fault;
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
    setLimitHeaders(reply);
    try {
      ctx.data.flush();
    } catch (err) {
      reply.code(500).type(CONTENT_TYPE[req.format]);
      payload = renderError(
        req.format,
        errorBody(
          500,
          `The change was made but could not be saved to the data file (${(err as Error).message}). Free disk space or fix the file's folder, then try again.`,
        ),
      );
    }
    const entry = req.logEntry;
    if (entry) entry.status = reply.statusCode;
    const fault = req.afterWork;
    if (!fault) return payload;
    if (entry) entry.fault = fault;
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

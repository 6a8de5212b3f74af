// Request bodies: JSON (an empty body reads as none, so GET/DELETE with
// Content-Type: application/json work) and form-encoded with bracket keys,
// at most 2500 fields (docs/service-api.md, Formats). Anything else cannot be read: 400.
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { badRequest } from './errors';

export const MAX_FORM_FIELDS = 2500;

export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    // the callback form of fastify's parser: it returns nothing (its type also allows the promise form)
    void json(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) {
        done(
          badRequest('The body is not valid JSON. Send the attributes as a JSON object, e.g. {"company": "Jansen B.V."}.', [
            { field: '', message: 'not valid JSON' },
          ]),
          undefined,
        );
      } else done(null, value);
    });
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(
        null,
        qs.parse(body as string, {
          parameterLimit: MAX_FORM_FIELDS,
          throwOnLimitExceeded: true,
          arrayLimit: MAX_FORM_FIELDS,
          depth: 5,
        }),
      );
    } catch {
      done(
        badRequest(`The form body has more than ${MAX_FORM_FIELDS} fields. Send fewer fields, or send the body as JSON.`, [
          { field: '', message: `more than ${MAX_FORM_FIELDS} fields` },
        ]),
        undefined,
      );
    }
  });

  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    const type = req.headers['content-type'] ?? '';
    done(
      badRequest(`A body of type "${type}" cannot be read. Send JSON (Content-Type: application/json) or a form (application/x-www-form-urlencoded).`, [
        { field: '', message: `unsupported content type ${type}` },
      ]),
      undefined,
    );
  });
}

/** The body as an object of attributes, or a 400 saying what to send. */
export function requireObject(body: unknown, what: string): Record<string, unknown> {
  if (body === undefined || body === null || body === '') {
    throw badRequest(`The body is empty. Send the ${what} attributes as a JSON object (Content-Type: application/json) or as a form.`, [
      { field: '', message: 'the body is empty' },
    ]);
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    const kind = Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    throw badRequest(`The body is ${kind}; it must be a JSON object with the ${what} attributes.`, [{ field: '', message: `must be an object, not ${kind}` }]);
  }
  return body as Record<string, unknown>;
}

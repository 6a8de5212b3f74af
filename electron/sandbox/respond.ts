// Answers in the live envelopes (docs/wire-format.md): lists as bare arrays, one
// record under its singular name, 201 with the raw id, 204 without a body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WireObject } from '../../shared/wire';
import { CONTENT_TYPE, joinListXml, renderElementXml, renderId, renderListXml, renderRecordXml } from './negotiate';
import type { Table } from './table';
import { ERROR_SHAPES, errorBodyIn, type ErrorBody } from './errors';
import type { AnswerForm } from './faults';

export interface Kind {
  plural: string;
  singular: string;
}

export function sendTablePage<T extends object>(req: FastifyRequest, reply: FastifyReply, kind: Kind, table: Table<T>, ids: readonly number[]) {
  reply.type(CONTENT_TYPE[req.format]);
  if (req.format === 'json') return reply.send(`[${ids.map((id) => table.json(id)).join(',')}]`);
  const render = (wire: WireObject) => renderElementXml(kind.singular, wire);
  return reply.send(
    joinListXml(
      kind.plural,
      ids.map((id) => table.xml(id, render)!),
    ),
  );
}

export function sendRows(req: FastifyRequest, reply: FastifyReply, kind: Kind, rows: readonly WireObject[]) {
  reply.type(CONTENT_TYPE[req.format]);
  return reply.send(req.format === 'json' ? JSON.stringify(rows) : renderListXml(kind.plural, kind.singular, rows));
}

export function sendRecord<T extends object>(req: FastifyRequest, reply: FastifyReply, kind: Kind, table: Table<T>, id: number) {
  reply.type(CONTENT_TYPE[req.format]);
  if (req.format === 'json') return reply.send(`{"${kind.singular}":${table.json(id)}}`);
  return reply.send(renderRecordXml(kind.singular, table.wire(id)!));
}

export function sendId(req: FastifyRequest, reply: FastifyReply, status: 200 | 201, id: number) {
  if (req.logEntry) req.logEntry.id = id;
  return reply.code(status).type(CONTENT_TYPE[req.format]).send(renderId(req.format, id));
}

export function sendNoContent(reply: FastifyReply) {
  return reply.code(204).send();
}

/** The page a hotel's or a train's Wi-Fi shows in place of any address until one signs in. */
export const LOGIN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Welcome to Hotel Wi-Fi</title></head>
<body>
<h1>Welcome</h1>
<p>Sign in to use the internet.</p>
<form method="post" action="/portal/login">
<label>Room number <input name="room"></label>
<label>Password <input type="password" name="password"></label>
<button>Connect</button>
</form>
</body>
</html>
`;

const SINGULAR: Record<string, string> = {
  clients: 'client',
  products: 'product',
  quotations: 'quotation',
  countries: 'country',
  profiles: 'profile',
  categories: 'category',
};

/** The name of the list or record a path (after /api/v1) is about: /clients/4 → clients, /search/products/… → products. */
function listNameOf(path: string): string {
  const [first = '', second = ''] = path.split('/').filter(Boolean);
  return first === 'search' ? second : first === 'countrylist' ? 'countries' : first;
}

/** What giving an answer in another form needs to know. */
export interface Reshaping {
  form: AnswerForm;
  /** the path after /api/v1, without the query */
  path: string;
  /** padded: the size of the answer */
  bytes?: number;
  /** the wire JSON of a record, by list name and id */
  record: (list: string, id: number) => string | undefined;
}

/** windows-1252 bytes of the characters U+0080 and up it has (the rest of its bytes are Latin-1's own). */
const CP1252 = (() => {
  const table = new Map<string, number>();
  const d = new TextDecoder('windows-1252');
  for (let b = 0x80; b <= 0xff; b++) table.set(d.decode(Uint8Array.of(b)), b);
  return table;
})();

/** Text as an ISO-8859-1 server writes it (windows-1252 in fact); a character it lacks becomes ?. */
function latin1Bytes(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out.push(c < 0x80 ? c : (CP1252.get(ch) ?? 0x3f));
  }
  return Buffer.from(out);
}

/**
 * The answer the reply is about to send, given in another form (AnswerForm,
 * faults.ts): changes the reply's status and headers and returns the new
 * body. A form that does not fit this answer leaves it as it is.
 */
export function answerIn(reply: FastifyReply, payload: unknown, r: Reshaping): unknown {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  const isJson = type.startsWith('application/json');
  const status = reply.statusCode;
  const list = listNameOf(r.path);
  const singular = SINGULAR[list];
  const newId = /^\d+$/.test(text) && status < 300 ? Number(text) : undefined;
  switch (r.form) {
    case 'wrapped':
      return status === 200 && isJson && text.startsWith('[') ? `{"${list}":${text}}` : payload;
    case 'latin1':
      reply.header('content-type', `${type.split(';')[0] || 'application/json'}; charset=ISO-8859-1`);
      return latin1Bytes(text);
    case 'record':
    case 'bare_record':
    case 'record_without_id': {
      const json = newId !== undefined && singular ? r.record(list, newId) : undefined;
      if (json === undefined) return payload;
      let record = json;
      if (r.form === 'record_without_id') {
        const o = JSON.parse(json) as Record<string, unknown>;
        delete o.id;
        delete o.clientnr;
        record = JSON.stringify(o);
      }
      reply.code(200).type(CONTENT_TYPE.json);
      return r.form === 'bare_record' ? record : `{"${singular}":${record}}`;
    }
    case 'location':
      if (newId === undefined) return payload;
      reply.code(201).header('location', `/api/v1/${list}/${newId}`);
      reply.removeHeader('content-type');
      return '';
    case 'no_content_type':
      reply.removeHeader('content-type');
      return text;
    case 'text_plain':
      reply.type('text/plain; charset=utf-8');
      return text;
    case 'padded':
      return text + ' '.repeat(Math.max(0, (r.bytes ?? 0) - Buffer.byteLength(text)));
  }
  if (ERROR_SHAPES.includes(r.form) && status >= 400 && isJson) {
    let body: ErrorBody;
    try {
      body = JSON.parse(text) as ErrorBody;
    } catch {
      return payload;
    }
    const shaped = errorBodyIn(r.form, body);
    reply.type(shaped.type);
    return shaped.text;
  }
  return payload;
}

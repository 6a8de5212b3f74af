// Answers in the live envelopes (docs/wire-format.md): lists as bare arrays, one
// record under its singular name, 201 with the raw id, 204 without a body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WireObject } from '../../shared/wire';
import { CONTENT_TYPE, joinListXml, renderElementXml, renderId, renderListXml, renderRecordXml } from './negotiate';
import type { Table } from './table';

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
  return reply.code(status).type(CONTENT_TYPE[req.format]).send(renderId(req.format, id));
}

export function sendNoContent(reply: FastifyReply) {
  return reply.code(204).send();
}

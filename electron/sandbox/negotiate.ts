// Response formats (docs/service-api.md, Formats): JSON by default, XML for Accept: application/xml,
// 406 for anything else. Rendering of lists, single records, ids and errors.
import { XMLBuilder } from 'fast-xml-parser';
import type { WireObject, WireValue } from '../../shared/wire';
import type { ErrorBody } from './errors';

export type Format = 'json' | 'xml';

export const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

const OFFERS: { type: string; format: Format }[] = [
  { type: 'application/json', format: 'json' },
  { type: 'application/xml', format: 'xml' },
  { type: 'text/xml', format: 'xml' },
];

/** The format to answer in, or null when the Accept header allows none we make (406). */
export function chooseFormat(accept: string | undefined): Format | null {
  if (!accept || accept.trim() === '') return 'json';
  let best: { format: Format; q: number; order: number } | null = null;
  const ranges = accept.split(',');
  ranges.forEach((range, order) => {
    const [type = '', ...params] = range
      .trim()
      .toLowerCase()
      .split(';')
      .map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) return;
    const [main, sub] = type.split('/');
    for (const offer of OFFERS) {
      const [om, os] = offer.type.split('/');
      const matches = type === '*/*' || type === '*' || (main === om && (sub === '*' || sub === os));
      if (!matches) continue;
      // an exact type beats a wildcard at the same quality; JSON wins ties between wildcards
      const exact = main === om && sub === os;
      const score = q + (exact ? 0.0001 : 0);
      if (!best || score > best.q || (score === best.q && order < best.order)) best = { format: offer.format, q: score, order };
    }
  });
  return (best as { format: Format } | null)?.format ?? null;
}

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

// An empty array would vanish from the XML; it becomes an empty element instead.
function forXml(v: WireValue | undefined): unknown {
  if (Array.isArray(v)) return v.length === 0 ? '' : v.map(forXml);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = forXml(x);
    return out;
  }
  return v;
}

export function xmlDocument(root: string, content: unknown): string {
  return XML_HEAD + builder.build({ [root]: content });
}

/** One record as an element, to be cached and joined into lists. */
export function renderElementXml(singular: string, row: WireObject): string {
  return builder.build({ [singular]: forXml(row) });
}

/** A list from elements already rendered. */
export function joinListXml(plural: string, elements: readonly string[]): string {
  return `${XML_HEAD}<${plural}>${elements.join('')}</${plural}>`;
}

export function renderListXml(plural: string, singular: string, rows: readonly WireObject[]): string {
  return xmlDocument(plural, rows.length === 0 ? '' : { [singular]: rows.map(forXml) });
}

export function renderRecordXml(singular: string, row: WireObject): string {
  return xmlDocument(singular, forXml(row));
}

export function renderId(format: Format, id: number): string {
  return format === 'json' ? String(id) : xmlDocument('id', String(id));
}

export function renderError(format: Format, body: ErrorBody): string {
  if (format === 'json') return JSON.stringify(body);
  const content: Record<string, unknown> = { error: body.error };
  if (body.errors) content.errors = body.errors.length === 0 ? '' : { item: body.errors.map((e) => ({ field: e.field, message: e.message })) };
  return xmlDocument('response', content);
}

// Templates: groups of quotation lines a person uses again and again, kept on
// this computer only (they never go to the service, so they work offline and
// cost no requests). A template is made from a quotation's lines, all or a
// selection, and optionally the header fields worth reusing; it starts a new
// quotation or is inserted into one. Values are copied as they are stored
// (exact decimal text or the number read), never computed with.
import type { DraftLine, LineFields, LocalQuotation, QuotationHeader } from '../../shared/local';
import type { FieldError } from '../../shared/field-errors';
import { type Connection, parseJson } from './connection';
import { StoreError, notFound } from './errors';
import { LINE_FIELDS, pick } from './fields';
import { newId } from './ids';
import { fold, matchExpression } from './search';
import type { Quotations } from './quotations';
import type { QuotationDefaultsStore } from './quotation-defaults';
import { said, type Said } from '../../shared/messages';

/**
 * The quotation fields a template keeps when asked to: what a person sets the
 * same way for the same kind of work. Not the date (a new quotation is dated
 * today), the client, the internal notes, the layout or category (they belong
 * to a client or an account), nor the currency choice (it follows the client).
 */
export const TEMPLATE_HEADER_FIELDS = ['reference', 'paymentcondition', 'quotationperiod', 'discounttype', 'discount'] as const;
export type TemplateHeader = Pick<QuotationHeader, (typeof TEMPLATE_HEADER_FIELDS)[number]> & {
  /**
   * The template's own opening and closing text, in place of the account's
   * (docs/templates.md); '' for none. Kept with the header fields, from the
   * quotation's standard lines as they were when it was saved.
   */
  opening?: string;
  closing?: string;
};

/** The longest name a template may have: it has to fit a list and a picker. */
export const TEMPLATE_NAME_MAX = 100;

export interface LocalTemplate {
  id: string;
  name: string;
  /** null: the template holds lines only */
  header: TemplateHeader | null;
  lines: LineFields[];
  createdAt: number;
  updatedAt: number;
}

interface TemplateRow {
  rid: number;
  id: string;
  name: string;
  name_key: string;
  header: string | null;
  lines: string;
  created_at: number;
  updated_at: number;
}

export interface SaveTemplateInput {
  name: string;
  /** the lines to keep, in the quotation's order; undefined: all of them */
  lineIds?: readonly string[];
  /** keep the header fields of TEMPLATE_HEADER_FIELDS too */
  withHeader: boolean;
}

function nameError(message: string, what: Said): StoreError {
  const e = new StoreError('invalid', what);
  return Object.assign(e, { fieldErrors: [{ field: 'name', message }] satisfies FieldError[] });
}

/** The line's fields as they are stored, without its local id or anything that is not a line field. */
function lineFields(line: DraftLine | LineFields): LineFields {
  return pick<LineFields>(line, LINE_FIELDS);
}

/** Folded words, split as the index splits them (near enough to order by). */
function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

function hasValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>).some((x) => typeof x === 'string' && x !== '');
  return true;
}

export class Templates {
  constructor(
    private readonly conn: Connection,
    private readonly quotations: Quotations,
    private readonly defaults: QuotationDefaultsStore,
  ) {}

  private toLocal(r: TemplateRow): LocalTemplate {
    return {
      id: r.id,
      name: r.name,
      header: parseJson<TemplateHeader>(r.header),
      lines: parseJson<LineFields[]>(r.lines) ?? [],
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  private findRow(id: string): TemplateRow | null {
    return this.conn.stmt<[string], TemplateRow>('SELECT * FROM templates WHERE id = ?').get(id) ?? null;
  }

  private row(id: string): TemplateRow {
    const r = this.findRow(id);
    if (!r) throw notFound('Template', id);
    return r;
  }

  get(id: string): LocalTemplate {
    return this.toLocal(this.row(id));
  }

  find(id: string): LocalTemplate | null {
    const r = this.findRow(id);
    return r ? this.toLocal(r) : null;
  }

  /**
   * By name; with a query, those whose name or line texts hold every typed
   * word as the start of a word (accents and case ignored, as the clients'
   * search), names that match first.
   */
  list(query = ''): LocalTemplate[] {
    const match = matchExpression(query);
    const byName = (a: LocalTemplate, b: LocalTemplate) => fold(a.name).localeCompare(fold(b.name)) || a.name.localeCompare(b.name);
    if (match === null) {
      return this.conn
        .stmt<[], TemplateRow>('SELECT * FROM templates')
        .all()
        .map((r) => this.toLocal(r))
        .sort(byName);
    }
    const rows = this.conn
      .stmt<[string], TemplateRow>('SELECT t.* FROM templates t WHERE t.rid IN (SELECT rowid FROM template_search WHERE template_search MATCH ?)')
      .all(match);
    const words = wordsOf(query);
    return rows
      .map((r) => {
        const inName = wordsOf(r.name);
        return { t: this.toLocal(r), inName: words.every((w) => inName.some((n) => n.startsWith(w))) };
      })
      .sort((a, b) => Number(b.inName) - Number(a.inName) || byName(a.t, b.t))
      .map((x) => x.t);
  }

  /** The name as kept (trimmed), or the field error that says what to change. */
  private checkName(name: string, exceptId: string | null): { name: string; key: string } {
    const trimmed = name.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (trimmed === '') throw nameError('is required; type a name you will recognise in the list', said('store.template.name_required'));
    if (trimmed.length > TEMPLATE_NAME_MAX)
      throw nameError(`can be at most ${TEMPLATE_NAME_MAX} characters; shorten it`, said('store.template.name_too_long', { max: TEMPLATE_NAME_MAX }));
    const key = fold(trimmed);
    const other = this.conn.stmt<[string], { id: string; name: string }>('SELECT id, name FROM templates WHERE name_key = ?').get(key);
    if (other && other.id !== exceptId)
      throw nameError(
        `"${other.name}" is taken by another template; choose another name, or rename or delete that template first`,
        said('store.template.name_taken', { name: other.name }),
      );
    return { name: trimmed, key };
  }

  /** Keeps the lines of a quotation (all, or those of `lineIds`) as a new template. */
  saveFrom(quotationId: string, input: SaveTemplateInput): LocalTemplate {
    const id = newId();
    this.conn.tx(['templates'], () => {
      const { name, key } = this.checkName(input.name, null);
      const content = this.quotations.get(quotationId).content;
      // the whole quotation: its standard opening and closing are kept as the template's texts, not as lines
      const standard = input.lineIds === undefined ? this.quotations.standardLines(quotationId) : { opening: null, closing: null };
      let lines: DraftLine[] = content.lines.filter((l) => l.id !== standard.opening && l.id !== standard.closing);
      if (input.lineIds !== undefined) {
        const wanted = new Set(input.lineIds);
        const missing = [...wanted].filter((l) => !content.lines.some((x) => x.id === l));
        if (missing.length > 0) throw new StoreError('not_found', said('store.template.lines_gone'));
        lines = content.lines.filter((l) => wanted.has(l.id));
        if (lines.length === 0) throw new StoreError('invalid', said('store.template.no_lines_selected'));
      }
      let header: TemplateHeader | null = null;
      if (input.withHeader) {
        header = {};
        for (const f of TEMPLATE_HEADER_FIELDS) if (hasValue(content[f])) (header as Record<string, unknown>)[f] = structuredClone(content[f]);
        if (input.lineIds === undefined) Object.assign(header, this.texts(quotationId, content.lines, standard));
      }
      if (lines.length === 0 && (header === null || Object.keys(header).length === 0)) {
        throw new StoreError('invalid', said('store.template.nothing_to_keep'));
      }
      const now = this.conn.now();
      this.conn
        .stmt('INSERT INTO templates (id, name, name_key, header, lines, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(id, name, key, header === null ? null : JSON.stringify(header), JSON.stringify(lines.map(lineFields)), now, now);
    });
    return this.get(id);
  }

  /**
   * The quotation's opening and closing as a template keeps them: the
   * standard lines' text as it now is, and '' for one it started with and
   * no longer has (removed on purpose); nothing for one it never had.
   */
  private texts(
    quotationId: string,
    lines: DraftLine[],
    standard: { opening: string | null; closing: string | null },
  ): Pick<TemplateHeader, 'opening' | 'closing'> {
    const started = this.quotations.startOf(quotationId);
    const out: Pick<TemplateHeader, 'opening' | 'closing'> = {};
    for (const which of ['opening', 'closing'] as const) {
      if (!started?.[which]) continue;
      const line = lines.find((l) => l.id === standard[which]);
      out[which] = typeof line?.description === 'string' ? line.description : '';
    }
    return out;
  }

  rename(id: string, name: string): LocalTemplate {
    this.conn.tx(['templates'], () => {
      this.row(id);
      const checked = this.checkName(name, id);
      this.conn.stmt('UPDATE templates SET name = ?, name_key = ?, updated_at = ? WHERE id = ?').run(checked.name, checked.key, this.conn.now(), id);
    });
    return this.get(id);
  }

  delete(id: string): void {
    this.conn.tx(['templates'], () => {
      this.row(id);
      this.conn.stmt('DELETE FROM templates WHERE id = ?').run(id);
    });
  }

  /**
   * Inserts the template's lines into a draft, in their order: after the line
   * `afterLineId`, or at the end. Returns the quotation with the new lines.
   */
  insertInto(templateId: string, quotationId: string, afterLineId: string | null = null): { quotation: LocalQuotation; added: string[] } {
    return this.conn.tx(['quotations'], () => {
      const t = this.get(templateId);
      const lines = this.quotations.get(quotationId).content.lines;
      // "at the end" is above the standard closing text, which stays last
      let at = this.quotations.endIndex(quotationId);
      if (afterLineId !== null) {
        const i = lines.findIndex((l) => l.id === afterLineId);
        if (i < 0) throw new StoreError('not_found', said('store.template.insert_after_gone'));
        at = i + 1;
      }
      if (t.lines.length === 0) throw new StoreError('not_allowed', said('store.template.empty', { name: t.name }));
      const added = t.lines.map((l, i) => this.quotations.addNewLine(quotationId, lineFields(l), at + i).id);
      return { quotation: this.quotations.get(quotationId), added };
    });
  }

  /**
   * A new draft dated today for `clientId` (or none yet): the account's
   * defaults (quotation-defaults.ts) with the template's header fields and
   * texts over them, and the template's lines between the opening and the
   * closing.
   */
  newQuotation(templateId: string, clientId: string | null): LocalQuotation {
    return this.conn.tx(['quotations'], () => {
      const t = this.get(templateId);
      const header = pick<TemplateHeader>(t.header ?? {}, TEMPLATE_HEADER_FIELDS);
      const d = this.defaults.all();
      const texts = { opening: t.header?.opening ?? d.opening, closing: t.header?.closing ?? d.closing };
      const q = this.quotations.start({ ...this.defaults.header(), ...structuredClone(header), clientId }, texts);
      t.lines.forEach((l) => this.quotations.addNewLine(q.id, lineFields(l)));
      return this.quotations.get(q.id);
    });
  }
}

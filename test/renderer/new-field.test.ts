// A field is declared once (docs/fields.md): a field added to the
// quotation's table, and nowhere else (project-field.ts), goes through the
// whole app. The bridge takes it in the draft patch and gives it in the
// view, the store keeps and checks it, a push takes it to the sandbox, which
// keeps and answers it, a pull brings the service's value back, the editor
// holds it in its draft, the conflict dialog names it in its place, and the
// document and the sent quotation show it.
import './project-field';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { PROJECT_FIELD } from './project-field';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';
import { setBridge } from '../../renderer/bridge';
import { useEditorStore } from '../../renderer/stores/editor';
import { documentModel } from '../../renderer/lib/document';
import { sentFields } from '../../renderer/lib/shown-fields';
import { fieldLabel, valueText } from '../../renderer/lib/field-text';
import { QUOTATION_CONFLICT_ORDER } from '../../electron/bridge/to-views';
import { EMPTY_COMPANY } from '../../shared/bridge/company';
import { BridgeError, type QuotationView } from '../../shared/bridge';
import { quotationContent, quotationRecord } from '../../shared/schemas';
import type { Sandbox } from '../../electron/sandbox';

let t: TestCore;
let sb: Sandbox;
beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
  sb = t.core.sandbox!;
  // the page's stores on this core, as the preload would give them
  setBridge({
    host: 'web',
    invoke: async (op, input) => {
      const r = await t.call(op, input);
      if (!r.ok) throw new BridgeError(r.error);
      return r.value as never;
    },
    on: () => () => undefined,
  });
  setActivePinia(createPinia());
});
afterAll(async () => {
  setBridge(null);
  await t.close();
});

const store = () => t.core.space.store;
/** The field's value in a view, content or record, none of which knows it by type. */
const project = (o: object | null | undefined) => (o as Record<string, unknown> | null | undefined)?.[PROJECT_FIELD];
/** The draft patch of the field: the contract's type does not know it, its schema does. */
const patchOf = (value: string) => ({ [PROJECT_FIELD]: value }) as never;

async function newDraft(): Promise<QuotationView> {
  const [client] = await t.ok('clients.search', { query: 'bakk' });
  return t.ok('quotations.create', { clientId: client!.id });
}

/** Reads a quotation from the sandbox as the service answers it, over HTTP. */
async function answered(serverId: number): Promise<Record<string, unknown>> {
  const r = await fetch(`${sb.url}/quotations/${serverId}`, {
    headers: { authorization: `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`, accept: 'application/json' },
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { quotation: Record<string, unknown> }).quotation;
}

describe('a field declared only in the quotation table', () => {
  it('is in the schemas: sent with its rule, read from the service', () => {
    expect(Object.keys(quotationContent)).toContain(PROJECT_FIELD);
    expect(quotationRecord.parse({ id: '1', clientnr: '2', [PROJECT_FIELD]: 'Oost' })).toMatchObject({ [PROJECT_FIELD]: 'Oost' });
    // its place in the editor's layout: after the reference lines, before the date
    expect(QUOTATION_CONFLICT_ORDER.slice(0, 6)).toEqual(['client', 'reference.line1', 'reference.line2', 'reference.line3', PROJECT_FIELD, 'date']);
  });

  it('goes through the bridge and the store, is checked, and reaches the service and its answers', async () => {
    const draft = await newDraft();
    expect(project(draft)).toBe('');
    const updated = await t.ok('quotations.update', { id: draft.id, patch: patchOf('Nieuwbouw Oost') });
    expect(project(updated)).toBe('Nieuwbouw Oost');
    expect(project(await t.ok('quotations.get', { id: draft.id }))).toBe('Nieuwbouw Oost');
    expect(project(store().quotations.get(draft.id).content)).toBe('Nieuwbouw Oost');

    // what is typed is kept; the rule for what is sent names the field
    await t.ok('quotations.update', { id: draft.id, patch: patchOf('x'.repeat(61)) });
    expect(store().quotations.errors(draft.id)).toEqual([{ field: PROJECT_FIELD, message: 'at most 60 characters' }]);
    await t.ok('quotations.update', { id: draft.id, patch: patchOf('Nieuwbouw Oost') });
    expect(store().quotations.errors(draft.id)).toEqual([]);

    await t.ok('quotations.saveToService', { id: draft.id });
    await t.core.sync.engine.pushNow();
    const saved = await t.ok('quotations.get', { id: draft.id });
    expect(saved.state).toBe('saved');
    expect(project(sb.data.quotations.get(saved.serverId!))).toBe('Nieuwbouw Oost');
    expect(project(await answered(saved.serverId!))).toBe('Nieuwbouw Oost');

    // the sandbox takes the field's rule too: a value too long is refused, naming it
    const refused = await fetch(`${sb.url}/quotations`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sb.user}:${sb.key}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientnr: sb.data.clients.all()[0]!.clientnr, action: 'save', [PROJECT_FIELD]: 'x'.repeat(61) }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(PROJECT_FIELD);
  });

  it('comes back with a pull, and the editor holds it in its draft', async () => {
    const listed = (await t.ok('quotations.list', { states: ['saved'] })).items.find((q) => q.serverId !== null)!;
    sb.data.quotations.patch(listed.serverId!, { [PROJECT_FIELD]: 'Westpoort' } as never);
    await pullAll(t.core);
    expect(project(await t.ok('quotations.get', { id: listed.id }))).toBe('Westpoort');

    const editor = useEditorStore();
    await editor.open(listed.id);
    expect(project(editor.draft)).toBe('Westpoort');
    editor.setField(PROJECT_FIELD as never, 'Westpoort fase 2' as never);
    await editor.flush();
    expect(project(store().quotations.get(listed.id).content)).toBe('Westpoort fase 2');

    // and it shows where its table says: on the document, and on a sent quotation
    const model = documentModel({
      view: editor.view!,
      draft: editor.draft,
      lines: editor.lines,
      totals: editor.totals,
      taxType: editor.taxType,
      taxShifted: editor.taxShifted,
      lang: 'nl',
      company: { ...EMPTY_COMPANY, logo: null, logoType: null, unreadableFile: null },
      clientFields: null,
      countryName: null,
    });
    expect(model.fields).toContainEqual({ key: PROJECT_FIELD, label: 'document.projectname', kind: 'text', value: 'Westpoort fase 2', block: false });
    expect(sentFields(editor.view!).map((f) => f.key)).toContain(PROJECT_FIELD);
    await editor.close();
  });

  it('is a row of the conflict dialog when it changed here and on the service', async () => {
    const draft = await newDraft();
    await t.ok('quotations.update', { id: draft.id, patch: patchOf('Basis') });
    await t.ok('quotations.saveToService', { id: draft.id });
    await t.core.sync.engine.pushNow();
    const serverId = (await t.ok('quotations.get', { id: draft.id })).serverId!;

    await t.ok('quotations.update', { id: draft.id, patch: patchOf('Hier') });
    sb.data.quotations.patch(serverId, { [PROJECT_FIELD]: 'Daar' } as never);
    await t.ok('quotations.saveToService', { id: draft.id });
    await t.core.sync.engine.pushNow();

    const conflict = (await t.ok('conflicts.list', {})).find((c) => c.entityId === draft.id)!;
    expect(conflict.fields).toEqual([PROJECT_FIELD]);
    expect(conflict.rows).toEqual([{ field: PROJECT_FIELD, mine: 'Hier', theirs: 'Daar' }]);
    // named by its label, its value as text
    const words: Record<string, string> = { 'editor.projectname': 'Projectnaam' };
    const tr = (key: string) => words[key] ?? key;
    expect(fieldLabel('quotation', PROJECT_FIELD, tr)).toBe('Projectnaam');
    expect(valueText('quotation', conflict.rows[0]!, 'Hier', tr, { number: String, date: String })).toBe('Hier');

    await t.ok('conflicts.resolve', { id: conflict.id, resolution: 'theirs' });
    expect(project(store().quotations.get(draft.id).content)).toBe('Daar');
  });
});

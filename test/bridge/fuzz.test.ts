// Property-based fuzz of the bridge: thousands of malformed payloads (seeded),
// for every operation. Each must be answered with a clear invalid_request
// error, and none may change anything: not the database, not the service.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, OPERATION_NAMES, type OperationName } from '../../shared/bridge';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

const SEED = 20260115;
const RUNS = Number(process.env.QUOTEDESK_FUZZ_RUNS ?? 4000);

/** One well-formed payload per operation, to mutate into malformed ones. */
const VALID: { [N in OperationName]: Record<string, unknown> } = {
  'quotations.list': { query: 'a', states: ['sent'], sort: { key: 'client', dir: 'desc' } },
  'quotations.followUp': {},
  'quotations.get': { id: 'q' },
  'quotations.create': { clientId: 'c' },
  'quotations.update': { id: 'q', patch: { notes: 'n', reference: { line1: 'x' }, discount: 5, discounttype: 'amount' } },
  'quotations.duplicate': { id: 'q' },
  'quotations.delete': { id: 'q' },
  'quotations.saveToService': { id: 'q' },
  'quotations.leave': { id: 'q' },
  'quotations.send': { id: 'q', sendmethod: 'email' },
  'quotations.approve': { id: 'q', name: 'n', date: '2026-01-01', comments: 'c' },
  'quotations.removeApproval': { id: 'q' },
  'quotations.setCustomStatus': { id: 'q', status: 'billable' },
  'lines.add': { quotationId: 'q', index: 0, line: { amount: 1, price: 2 }, fromProductId: 1 },
  'lines.update': { quotationId: 'q', lineId: 'l', patch: { description: 'd' } },
  'lines.move': { quotationId: 'q', lineId: 'l', toIndex: 1 },
  'lines.duplicate': { quotationId: 'q', lineId: 'l' },
  'lines.remove': { quotationId: 'q', lineId: 'l' },
  'lines.restore': { quotationId: 'q', index: 0, line: { id: 'l', amount: 1, description: 'd' } },
  'lines.productPrice': { quotationId: 'q', productId: 1 },
  'clients.list': { query: 'a', offset: 0, limit: 10, includeInactive: true },
  'clients.search': { query: 'a', limit: 5 },
  'clients.get': { id: 'c' },
  'clients.create': { fields: { company: 'x', active: true, country: 146 } },
  'clients.update': { id: 'c', patch: { city: 'y', top: 14 } },
  'clients.delete': { id: 'c' },
  'clients.makeInactive': { id: 'c' },
  'products.list': { query: 'a', offset: 0, limit: 10 },
  'products.search': { query: 'a', limit: 5 },
  'products.get': { id: 'p' },
  'products.create': { fields: { code: 'X-1', name: 'x', price: 0.125, stock_use: true, stock: 4 }, unit: 'm2' },
  'products.update': { id: 'p', patch: { name: 'y', price: '2.5' }, unit: 'uur' },
  'products.setStock': { id: 'p', stock: 12 },
  'products.delete': { id: 'p' },
  'countries.list': { lang: 'en' },
  'taxRates.usual': { quotationId: 'q' },
  'profiles.list': {},
  'categories.list': {},
  'sync.status': {},
  'sync.pullNow': {},
  'sync.networkBack': {},
  'sync.refreshAll': {},
  'records.opened': { kind: 'quotation', id: 'x' },
  'sync.cancelPull': {},
  'outbox.parked': {},
  'outbox.retry': { id: '1' },
  'outbox.discard': { id: '1' },
  'conflicts.list': {},
  'conflicts.resolve': { id: '1', resolution: 'mine' },
  'account.list': {},
  'account.connect': { baseUrl: 'https://example.com/api/v1', username: 'u', apiKey: 'k', displayName: 'd' },
  'account.disconnect': { id: 'a' },
  'account.setActive': { id: null },
  'settings.get': {},
  'settings.set': { language: 'en', defaultSendmethod: 'mail' },
  'company.get': {},
  'company.set': {
    fields: { name: 'n', street: 's', postcode: '1234 AB', city: 'c', country: 'NL', vatNumber: 'v', cocNumber: 'k', iban: '', email: '', phone: '' },
  },
  'company.setLogo': { type: 'image/png', dataBase64: 'iVBORw0KGgo=' },
  'company.removeLogo': {},
  'document.exportPdf': { fileName: 'OF2026-0001 Client.pdf' },
  'document.print': {},
  'links.open': { url: 'https://example.com/sign/abc' },
  'sending.credits': {},
  'serviceDefaults.get': {},
  'serviceDefaults.set': { paymentcondition: 'Betaling binnen 14 dagen', quotationperiod: 14 },
  'quotationDefaults.get': {},
  'quotationDefaults.set': {
    paymentcondition: 'Betaling binnen 14 dagen na oplevering',
    quotationperiod: 30,
    opening: 'Geachte heer,',
    closing: 'Met vriendelijke groet',
  },
  'units.used': {},
  'numbering.get': {},
  'numbering.set': { mode: 'own', pattern: 'OF{YYYY}-{####}', next: 8 },
  'numbering.notices': { quotationId: 'q' },
  'numbering.dismiss': { quotationId: 'q' },
  'templates.list': { query: 'koffie' },
  'templates.get': { id: 't' },
  'templates.create': { quotationId: 'q', name: 'Koffie', lineIds: ['l'], withHeader: true },
  'templates.rename': { id: 't', name: 'Thee' },
  'templates.delete': { id: 't' },
  'templates.newQuotation': { id: 't', clientId: 'c' },
  'templates.insert': { id: 't', quotationId: 'q', afterLineId: 'l' },
};

/** Values of the wrong kind for almost any field, including what only IPC can carry. */
const wrongValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 53, -1),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.date(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant('x'.repeat(10_001)),
  fc.constant({ __proto__: { polluted: true } }),
);

type Mutation = (p: Record<string, unknown>) => fc.Arbitrary<unknown>;

/** Ways to break a well-formed payload, each applied at the top level or inside a nested object. */
const mutations: Mutation[] = [
  // a key the contract does not know
  (p) => fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), wrongValue).map(([k, v]) => ({ ...p, [k]: v })),
  (p) =>
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((k) => JSON.parse(`{"${k}": {"isAdmin": true}}`) as object)
      .map((extra) => ({ ...p, ...extra })),
  // a field of the wrong kind
  (p) => (Object.keys(p).length === 0 ? fc.constant(null) : fc.tuple(fc.constantFrom(...Object.keys(p)), wrongValue).map(([k, v]) => ({ ...p, [k]: v }))),
  // a field missing
  (p) =>
    Object.keys(p).length === 0
      ? fc.constant([])
      : fc.constantFrom(...Object.keys(p)).map((k) => Object.fromEntries(Object.entries(p).filter(([key]) => key !== k))),
  // a nested object broken the same way
  (p) => {
    const nested = Object.entries(p).filter(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v));
    if (nested.length === 0) return fc.constant('not an object');
    return fc
      .tuple(fc.constantFrom(...nested), fc.string({ minLength: 1, maxLength: 8 }), wrongValue)
      .map(([[k, v], key, value]) => ({ ...p, [k]: { ...(v as object), [key]: value } }));
  },
  // not an object at all
  () => fc.oneof(wrongValue, fc.constant([]), fc.constant(''), fc.constant(0)),
];

const malformed = fc
  .constantFrom(...OPERATION_NAMES)
  .chain((op) => fc.tuple(fc.constant(op), fc.oneof(...mutations.map((m) => m(VALID[op])), fc.anything())))
  .filter(([op, payload]) => !operations[op].safeParse(payload).success);

let t: TestCore;
let changesSoFar: () => number;
let dump: () => string;

beforeAll(async () => {
  t = await startTestCore();
  await pullAll(t.core);
  const db = t.core.space.store.db;
  changesSoFar = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const tables = (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%' ORDER BY name`).all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  dump = () => JSON.stringify(tables.map((name) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
});
afterAll(() => t.close());

describe('bridge fuzz', () => {
  it('well-formed samples are well-formed (the fuzz mutates real payloads)', () => {
    for (const op of OPERATION_NAMES) expect(operations[op].safeParse(VALID[op]).success, op).toBe(true);
  });

  it(`answers ${RUNS} malformed payloads with a clear error and changes nothing`, async () => {
    const before = dump();
    const requestsBefore = t.core.sandbox!.requests().length;
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(malformed, async ([op, payload]) => {
        const changes = changesSoFar();
        const r = await t.call(op, payload);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        kinds.set(op, (kinds.get(op) ?? 0) + 1);
        expect(r.error.kind).toBe('invalid_request');
        expect(r.error.messageKey).toBe('bridge.invalid_request');
        expect(r.error.message).toContain(op);
        expect(r.error.message).toContain('Nothing was changed');
        expect(r.error.fieldErrors?.length).toBeGreaterThan(0);
        for (const f of r.error.fieldErrors ?? []) expect(typeof f.message).toBe('string');
        expect(changesSoFar()).toBe(changes);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(dump()).toBe(before);
    expect(t.core.sandbox!.requests().length).toBe(requestsBefore);
    // every operation was exercised
    expect([...kinds.keys()].sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('answers unknown operations, prototype names included, without running anything', async () => {
    const changes = changesSoFar();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'quotations', 'quotations.get ', 'QUOTATIONS.GET'),
          fc.integer(),
          fc.constant(null),
          fc.object(),
        ),
        fc.anything(),
        async (op, payload) => {
          fc.pre(!(typeof op === 'string' && (OPERATION_NAMES as string[]).includes(op)));
          const r = await t.call(op as string, payload);
          expect(r).toMatchObject({ ok: false, error: { kind: 'invalid_request', messageKey: 'bridge.unknown_operation' } });
        },
      ),
      { seed: SEED + 1, numRuns: 500 },
    );
    expect(changesSoFar()).toBe(changes);
  });
});

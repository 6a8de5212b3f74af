// The price a catalogue product gets on a new quotation line, worked out in
// the main process only (electron/bridge/product-line.ts): first the rule on
// its own, then through the bridge with the real store and the sandbox,
// where 250 business cards at 0.125 are added for a client billed excluding
// tax and for one whose prices include tax (docs/products.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePrice, productLine } from '../../electron/bridge/product-line';
import { lineTotal } from '../../shared/money';
import { pullAll, startTestCore, type TestCore } from '../helpers/core';

const card = { code: 'VISITE', name: 'Visitekaartje', price: 0.125, taxes: 21 };
const extax = { tax_type: 'extax', currency: 'EUR' };
const intax = { tax_type: 'intax', currency: '' };

describe('the price of a product on a new line', () => {
  it('is the net price as it is, to 3 decimals, for a client billed excluding tax', () => {
    expect(productLine({ ...card, priceintax: 0.151 }, extax).line).toEqual({ amount: 1, description: 'Visitekaartje', price: 0.125, tax_rate: 21 });
    // no client yet: excluding tax, in euro
    expect(productLine(card, null).line.price).toBe(0.125);
    // the wire's text form reads the same
    expect(productLine({ ...card, price: '0.125', taxes: '21' }, extax).line).toMatchObject({ price: 0.125, tax_rate: 21 });
  });

  it('is the price incl. tax the product has, to its 3 decimals, when its net price has a third one', () => {
    expect(productLine({ ...card, priceintax: 0.151 }, intax).line).toMatchObject({ price: 0.151, tax_rate: 21 });
    // one set by hand, not worked out from the price: kept, not worked out again
    expect(productLine({ ...card, priceintax: 0.15 }, intax).line.price).toBe(0.15);
  });

  it('is in cents for a client whose prices include tax, unless a third decimal was typed', () => {
    // 22.07 × 1.21 = 26.7047: the service keeps 26.705; the line gets 26.70, not a third decimal nobody typed
    const paint = { name: 'Muurverf 2,5 l', price: 22.07, taxes: 21 };
    expect(productLine({ ...paint, priceintax: 26.705 }, intax).line.price).toBe(26.7);
    expect(productLine(paint, intax).line.price).toBe(26.7);
    // rounded once, from the exact price: not 26.705 rounded again to 26.71
    expect(cataloguePrice({ ...paint, priceintax: '26.705' }, true)).toBe(26.7);
    // 18.50 × 1.09 = 20.165 exactly: half-up to 20.17
    expect(cataloguePrice({ name: 'Koffie', price: 18.5, taxes: 9, priceintax: 20.165 }, true)).toBe(20.17);
    // the service's figure however it rounds: cut off at 26.704, the line is in cents all the same
    expect(cataloguePrice({ ...paint, priceintax: 26.704 }, true)).toBe(26.7);
    // a price incl. tax set by hand keeps what was typed, a third decimal too
    expect(cataloguePrice({ ...paint, priceintax: 26.95 }, true)).toBe(26.95);
    expect(cataloguePrice({ ...paint, priceintax: 26.999 }, true)).toBe(26.999);
    // with no net price there is nothing the service worked out: the price incl. tax is the person's
    expect(cataloguePrice({ name: 'Kwast', priceintax: 4.995, taxes: 21 }, true)).toBe(4.995);
    // the line adds up: 7 × 26.70 = 186.90, the amount the document prints beside 7 and € 26,70
    expect(lineTotal({ ...productLine(paint, intax).line, amount: 7 } as never)).toBe('186.90');
  });

  it('is worked out as the service does, half-up to 3 decimals, when the net price has a third decimal', () => {
    // 0.125 × 1.21 = 0.15125 → 0.151
    expect(cataloguePrice(card, true)).toBe(0.151);
    expect(cataloguePrice({ ...card, priceintax: null }, true)).toBe(0.151);
    expect(cataloguePrice({ ...card, priceintax: '' }, true)).toBe(0.151);
    // 0.135 × 1.21 = 0.16335 → 0.163; 0.625 × 1.21 = 0.75625 → 0.756 (half-up, not to even)
    expect(cataloguePrice({ price: 0.135, taxes: 21 }, true)).toBe(0.163);
    expect(cataloguePrice({ price: 0.625, taxes: 21 }, true)).toBe(0.756);
    // never through binary floats: 1.005 × 1.09 = 1.09545 → 1.095
    expect(cataloguePrice({ price: 1.005, taxes: 9 }, true)).toBe(1.095);
  });

  it('takes the product’s own tax rate, 9 % as well as 21 %', () => {
    // 3.25 × 1.09 = 3.5425 → 3.54
    const bread = { name: 'Volkorenbrood', price: 3.25, taxes: 9 };
    expect(productLine(bread, intax).line).toMatchObject({ price: 3.54, tax_rate: 9 });
    expect(productLine(bread, extax).line).toMatchObject({ price: 3.25, tax_rate: 9 });
    expect(productLine({ name: 'Boek', price: 20, taxes: 0 }, intax).line).toMatchObject({ price: 20, tax_rate: 0 });
  });

  it('is left for the person to give when the product has no usable price', () => {
    expect(productLine({ name: 'Op aanvraag', taxes: 21 }, extax).line).toEqual({ amount: 1, description: 'Op aanvraag', price: null, tax_rate: 21 });
    expect(productLine({ name: 'Op aanvraag', taxes: 21 }, intax).line.price).toBeNull();
    // a price kept as typed with a problem is not carried onto the line
    expect(productLine({ name: 'Lak', price: '1,5', taxes: 9 }, extax).line.price).toBeNull();
    expect(productLine({ name: 'Lak', price: 1.2345, taxes: 9 }, extax).line.price).toBeNull();
    // incl. tax with neither a price incl. tax nor a rate: not guessed
    expect(productLine({ name: 'Lak', price: 2 }, intax).line).toMatchObject({ price: null, tax_rate: null });
    // a price incl. tax alone is not turned back into a net price
    expect(productLine({ name: 'Lak', priceintax: 2.42, taxes: 21 }, extax).line.price).toBeNull();
  });

  it('is not carried over for a client in another currency, though the euro price is known', () => {
    const pounds = productLine({ ...card, priceintax: 0.151 }, { tax_type: 'intax', currency: 'GBP' });
    expect(pounds).toEqual({ line: { amount: 1, description: 'Visitekaartje', price: null, tax_rate: 21 }, foreign: true, intax: true, cataloguePrice: 0.151 });
    expect(productLine(card, { currency: 'eur' }).foreign).toBe(false);
  });

  it('gives 250 cards at 0.125 a total of 37.81 excluding tax and 37.75 with prices incl. tax', () => {
    // excluding tax: 250 × 0.125 = 31.25, plus 21 % = 37.81
    expect(lineTotal({ ...productLine(card, extax).line, amount: 250 } as never)).toBe('31.25');
    // incl. tax: the line says 0.151 a card, and 250 × 0.151 is 37.75; 0.15125 a card is no price a line holds
    expect(lineTotal({ ...productLine(card, intax).line, amount: 250 } as never)).toBe('37.75');
  });
});

describe('a product added to a quotation through the bridge', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
    await pullAll(t.core);
  });
  afterAll(() => t.close());

  const client = async (name: string) => (await t.ok('clients.search', { query: name }))[0]!;
  const visite = async () => (await t.ok('products.search', { query: 'VISITE' })).find((p) => p.code === 'VISITE')!;

  async function cards(clientName: string, amount: number) {
    const q = await t.ok('quotations.create', { clientId: (await client(clientName)).id });
    // whatever price the page sends along, the catalogue's is taken
    const line = await t.ok('lines.add', { quotationId: q.id, line: { price: 99 }, fromProductId: (await visite()).id });
    await t.ok('lines.update', { quotationId: q.id, lineId: line.id, patch: { amount } });
    return { line, view: await t.ok('quotations.get', { id: q.id }) };
  }

  it('costs 250 × 0.125 + 21 % = 37.81 for a client billed excluding tax', async () => {
    const { line, view } = await cards('Lindeboom', 250);
    expect(line).toMatchObject({ price: 0.125, tax_rate: 21, amount: 1 });
    expect(view.taxType).toBe('extax');
    expect(view.totalintax).toBe('37.81');
  });

  it('costs 250 × 0.151 = 37.75 for a client whose prices include tax, as the service works it out too', async () => {
    const product = await visite();
    // the service's own price incl. tax of the card, as pulled
    expect(product.priceintax).toBe(0.151);
    const { line, view } = await cards('Hoekje', 250);
    expect(view.taxType).toBe('intax');
    expect(line).toMatchObject({ price: 0.151, tax_rate: 21 });
    expect(view.totalintax).toBe('37.75');
    // the service reaches the same total for the draft once it has it
    await t.ok('quotations.saveToService', { id: view.id });
    await t.core.sync.engine.pushNow();
    const saved = await t.ok('quotations.get', { id: view.id });
    const onService = t.core.sandbox!.data.quotations.all().find((q) => q.id === saved.serverId)!;
    expect(onService.lines).toHaveLength(1);
    expect(Number(onService.totalintax)).toBe(37.75);
  });

  it('names the catalogue price for a client in another currency, which lines.add leaves off the line', async () => {
    const training = (await t.ok('products.search', { query: 'TRAIN-EN' })).find((p) => p.code === 'TRAIN-EN')!;
    const pounds = await t.ok('quotations.create', { clientId: (await client('Brightwater')).id });
    expect(await t.ok('lines.productPrice', { quotationId: pounds.id, productId: training.id })).toEqual({ price: 795, intax: false, foreign: true });
    const line = await t.ok('lines.add', { quotationId: pounds.id, line: {}, fromProductId: training.id });
    expect(line.price).toBeUndefined();
    const hoekje = await t.ok('quotations.create', { clientId: (await client('Hoekje')).id });
    expect(await t.ok('lines.productPrice', { quotationId: hoekje.id, productId: (await visite()).id })).toEqual({ price: 0.151, intax: true, foreign: false });
    // a product not in the catalogue here: a clear not_found, nothing changed
    const missing = await t.call('lines.productPrice', { quotationId: hoekje.id, productId: 987654 });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.kind).toBe('not_found');
  });

  it('works out the price incl. tax of a product made here before the service has given it one', async () => {
    const made = await t.ok('products.create', { fields: { code: 'LAK-02', name: 'Lak hoogglans', price: 3.25, taxes: 9 } });
    // shown at once, worked out as the service will
    expect(made.priceintax).toBe(3.543);
    const q = await t.ok('quotations.create', { clientId: (await client('Hoekje')).id });
    const line = await t.ok('lines.add', { quotationId: q.id, line: {}, fromProductId: made.id });
    // on the line in cents: 3.5425 half-up, the net price having no third decimal
    expect(line).toMatchObject({ description: 'Lak hoogglans', price: 3.54, tax_rate: 9, amount: 1 });
  });
});

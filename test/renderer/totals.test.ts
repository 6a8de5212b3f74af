import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { differingServiceTotal, quotationTotals, type PricedLine } from '../../shared/money';
import { liveTotals, memoLineTotal, RunningTotals } from '../../renderer/lib/totals';
import { expectAddsUp, line as drawnLine, options } from '../helpers/money-identities';

const decimal = (max: number, places: number) => fc.integer({ min: -max * 10 ** places, max: max * 10 ** places }).map((n) => n / 10 ** places);

const line = fc.oneof(
  fc.record({ description: fc.constant('tekst') }),
  fc.record(
    {
      amount: decimal(1000, 3),
      price: decimal(100_000, 3),
      tax_rate: fc.constantFrom(0, 9, 21, 6.5),
      discount_pct: fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
    },
    { requiredKeys: [] },
  ),
);

describe('live totals', () => {
  it('equal the shared exact totals for any lines and discount', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.constantFrom('amount' as const, 'percentage' as const, '' as const),
        fc.integer({ min: 0, max: 20000 }).map((n) => n / 100),
        fc.constantFrom('intax' as const, 'extax' as const),
        fc.boolean(),
        (drawn, discounttype, discount, taxType, taxShifted) => {
          const lines = drawn as Array<PricedLine & { description?: string }>;
          const opts = { discounttype, discount, taxType, taxShifted };
          expect(liveTotals(lines, opts)).toEqual(quotationTotals(lines, opts));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('add up to the cent as the editor shows them, kept one line at a time (docs/money.md)', () => {
    fc.assert(
      fc.property(fc.array(drawnLine, { maxLength: 25 }), fc.array(drawnLine, { maxLength: 5 }), options, (first, added, opts) => {
        const lines = first.map((l) => ({ ...l }));
        const running = new RunningTotals();
        running.sync(lines);
        expectAddsUp(lines, opts, running.totals(opts));
        // typing: lines come in one at a time, and the first one changes
        for (const a of added) {
          const l = { ...a };
          lines.push(l);
          running.update(l);
          expectAddsUp(lines, opts, running.totals(opts));
        }
        if (lines[0] && 'price' in lines[0]) {
          lines[0].price = Number(lines[0].price) + 0.01;
          running.update(lines[0]);
          expectAddsUp(lines, opts, running.totals(opts));
        }
        expect(running.totals(opts).taxShifted).toBe(opts.taxShifted);
      }),
      { numRuns: 400 },
    );
  });

  it('name the service total only when it differs from ours and ours is not an estimate', () => {
    const ours = liveTotals([{ amount: 1, price: 1663.04, tax_rate: 0 }]);
    expect(differingServiceTotal(ours, '1663.05', false)).toBe('1663.05');
    expect(differingServiceTotal(ours, '1663.0400', false)).toBeNull();
    expect(differingServiceTotal(ours, '1663.05', true)).toBeNull();
    expect(differingServiceTotal(ours, null, false)).toBeNull();
    expect(differingServiceTotal(null, '1663.05', false)).toBeNull();
    expect(differingServiceTotal(ours, 'not a number', false)).toBeNull();
  });

  it('computes a line again only when it changed', () => {
    const l = { amount: 2, price: 1.25, tax_rate: 21 };
    expect(memoLineTotal(l)).toBe('2.50');
    l.price = 1.5;
    expect(memoLineTotal(l)).toBe('3.00');
    const text: PricedLine & { description?: string } = { description: 'x' };
    expect(memoLineTotal(text)).toBeNull();
  });

  it('kept up to date one line at a time, equal the shared exact totals after any edits', () => {
    const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('change' as const, 'add' as const, 'remove' as const), line });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(edit, { maxLength: 30 }), (drawn, edits) => {
        const lines = drawn.map((l) => ({ ...l })) as Array<PricedLine & { description?: string }>;
        const running = new RunningTotals();
        running.sync(lines);
        for (const e of edits) {
          const i = lines.length ? e.at % lines.length : 0;
          if (e.kind === 'add' || lines.length === 0) {
            const added = { ...e.line };
            lines.splice(i, 0, added);
            running.update(added);
          } else if (e.kind === 'remove') {
            running.remove(lines.splice(i, 1)[0]!);
          } else {
            // a field changed in place, or cleared
            const target = lines[i]! as Record<string, unknown>;
            for (const k of ['amount', 'price', 'tax_rate', 'discount_pct']) delete target[k];
            Object.assign(target, e.line);
            running.update(target);
          }
          expect(running.totals({ discounttype: 'percentage', discount: 5 })).toEqual(quotationTotals(lines, { discounttype: 'percentage', discount: 5 }));
        }
        // a list taken whole again says the same
        running.sync(lines);
        expect(running.totals()).toEqual(quotationTotals(lines));
      }),
      { numRuns: 200 },
    );
  });

  it('has no totals while a line holds a value that is not a number, and has them again once fixed', () => {
    const running = new RunningTotals();
    const bad: PricedLine = { amount: 1, price: 'abc', tax_rate: 21 };
    running.sync([{ amount: 2, price: 5, tax_rate: 21 }, bad]);
    expect(() => running.totals()).toThrow(/not a number/);
    bad.price = 3;
    running.update(bad);
    expect(running.totals().subtotal).toBe('13.00');
  });

  it('drops a tax rate when its last line goes', () => {
    const running = new RunningTotals();
    const nine = { amount: 1, price: 10, tax_rate: 9 };
    running.sync([{ amount: 1, price: 10, tax_rate: 21 }, nine]);
    expect(running.totals().taxes.map((t) => t.rate)).toEqual(['9', '21']);
    running.remove(nine);
    expect(running.totals().taxes.map((t) => t.rate)).toEqual(['21']);
  });
});

// Live totals for the editor. quotationTotals (shared/money) does exact
// decimal work per line; at 500 lines and one call per keystroke that is the
// bulk of a keystroke's cost. Here each line's total is remembered until that
// line changes, the totals per tax rate are summed in integer cents, and
// quotationTotals then runs over one line per rate, which gives the very
// same result (a line total is already rounded to cents).
import { lineTotal, quotationTotals, type PricedLine, type Totals, type TotalsOptions } from '../../shared/money';

interface Memo {
  key: string;
  total: string | null;
}

const memo = new WeakMap<object, Memo>();

function cents(decimal: string): bigint {
  const neg = decimal.startsWith('-');
  const [whole = '0', frac = ''] = (neg ? decimal.slice(1) : decimal).split('.');
  const v = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return neg ? -v : v;
}

function decimalOf(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** A line's total, computed again only when one of its priced fields changed. */
export function memoLineTotal(line: PricedLine & object): string | null {
  const key = `${line.amount}|${line.price}|${line.tax_rate}|${line.discount_pct}`;
  const known = memo.get(line);
  if (known && known.key === key) return known.total;
  const total = lineTotal(line);
  memo.set(line, { key, total });
  return total;
}

export function liveTotals(lines: ReadonlyArray<PricedLine & object>, opts: TotalsOptions = {}): Totals {
  const byRate = new Map<string, { rate: number | string; sum: bigint }>();
  for (const line of lines) {
    const total = memoLineTotal(line);
    if (total === null) continue;
    const rate = line.tax_rate ?? 0;
    const k = String(rate);
    const entry = byRate.get(k);
    if (entry) entry.sum += cents(total);
    else byRate.set(k, { rate, sum: cents(total) });
  }
  const perRate: PricedLine[] = [...byRate.values()].map((e) => ({ amount: 1, price: decimalOf(e.sum), tax_rate: e.rate }));
  return quotationTotals(perRate, opts);
}

// Live totals for the editor. quotationTotals (shared/money) does exact
// decimal work per line; at 500 lines and one call per keystroke that would
// be the bulk of a keystroke's cost. Here each line's total is kept, in
// integer cents, with the sum per tax rate it belongs to; a changed line
// moves only its own share, and quotationTotals then runs over one line per
// rate, which gives the very same result (a line total is already rounded to
// cents).
import { toRaw } from 'vue';
import { lineTotal, quotationTotals, type PricedLine, type Totals, type TotalsOptions } from '../../shared/money';

type Line = PricedLine & object;

interface Memo {
  key: string;
  total: string | null;
}

const memo = new WeakMap<object, Memo>();

function keyOf(line: PricedLine): string {
  return `${line.amount}|${line.price}|${line.tax_rate}|${line.discount_pct}`;
}

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

/**
 * A line's total, computed again only when one of its priced fields changed.
 * The fields are read from the line given (a reactive line is tracked); the
 * result is kept per underlying object.
 */
export function memoLineTotal(line: Line): string | null {
  const key = keyOf(line);
  const raw = toRaw(line);
  const known = memo.get(raw);
  if (known && known.key === key) return known.total;
  const total = lineTotal(line);
  memo.set(raw, { key, total });
  return total;
}

interface Share {
  key: string;
  /** null for a text line, or a line whose total cannot be computed */
  rate: string | null;
  cents: bigint;
  broken: boolean;
}

interface RateSum {
  rate: number | string;
  cents: bigint;
  lines: number;
}

/** The sums per tax rate of a list of lines, kept up to date one line at a time. */
export class RunningTotals {
  private readonly shares = new Map<object, Share>();
  private readonly rates = new Map<string, RateSum>();
  private broken = 0;

  /** Takes the whole list: new lines are added, changed ones counted again, lines no longer in it dropped. */
  sync(lines: readonly Line[]): void {
    const seen = new Set<object>();
    for (const line of lines) {
      const raw = toRaw(line);
      seen.add(raw);
      this.update(raw);
    }
    if (seen.size === this.shares.size) return;
    for (const raw of [...this.shares.keys()]) if (!seen.has(raw)) this.remove(raw);
  }

  /** One line was added or changed. */
  update(line: Line): void {
    const raw = toRaw(line);
    const key = keyOf(raw);
    const before = this.shares.get(raw);
    if (before && before.key === key) return;
    if (before) this.take(before);
    const share = this.shareOf(raw, key);
    this.shares.set(raw, share);
    this.give(share);
  }

  remove(line: Line): void {
    const raw = toRaw(line);
    const before = this.shares.get(raw);
    if (!before) return;
    this.take(before);
    this.shares.delete(raw);
  }

  /** The totals of the lines as they are now; throws when a line holds a value that is not a number. */
  totals(opts: TotalsOptions = {}): Totals {
    if (this.broken > 0) throw new Error(`${this.broken} line(s) hold a value that is not a number`);
    const perRate: PricedLine[] = [...this.rates.values()].map((r) => ({ amount: 1, price: decimalOf(r.cents), tax_rate: r.rate }));
    return quotationTotals(perRate, opts);
  }

  private shareOf(line: Line, key: string): Share {
    let total: string | null;
    try {
      total = memoLineTotal(line);
    } catch {
      return { key, rate: null, cents: 0n, broken: true };
    }
    if (total === null) return { key, rate: null, cents: 0n, broken: false };
    return { key, rate: String(line.tax_rate ?? 0), cents: cents(total), broken: false };
  }

  private give(share: Share): void {
    if (share.broken) this.broken++;
    if (share.rate === null) return;
    const sum = this.rates.get(share.rate);
    if (sum) {
      sum.cents += share.cents;
      sum.lines++;
    } else this.rates.set(share.rate, { rate: share.rate, cents: share.cents, lines: 1 });
  }

  private take(share: Share): void {
    if (share.broken) this.broken--;
    if (share.rate === null) return;
    const sum = this.rates.get(share.rate)!;
    sum.cents -= share.cents;
    if (--sum.lines === 0) this.rates.delete(share.rate);
  }
}

/** The totals of a list of lines in one go (what RunningTotals keeps up to date). */
export function liveTotals(lines: readonly Line[], opts: TotalsOptions = {}): Totals {
  const running = new RunningTotals();
  running.sync(lines);
  return running.totals(opts);
}

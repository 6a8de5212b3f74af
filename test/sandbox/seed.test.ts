// The generated account: the same records for the same seed (the benchmarks and
// the large end-to-end test compare runs), ten years of quotations in every
// state, ids growing with the date as the service numbers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../electron/sandbox';

const NOW = new Date('2026-03-02T10:00:00Z');
const COUNTS = { clients: 3000, products: 150, quotations: 600 };
const opened: Sandbox[] = [];

async function generated(seed: number): Promise<Sandbox> {
  const sb = await startSandbox({ quiet: true, rateLimit: 0, now: () => NOW, seed, ...COUNTS });
  opened.push(sb);
  return sb;
}

/** Every record of the account, the sandbox's own address left out (each listens on a port of its own). */
function snapshot(sb: Sandbox): string {
  const { data } = sb;
  return JSON.stringify([data.clients.all(), data.products.all(), data.quotations.all(), data.invoices.all()]).replaceAll(sb.origin, 'ORIGIN');
}

function daysBefore(date: string): number {
  return Math.round((NOW.getTime() - Date.parse(`${date}T10:00:00Z`)) / 86_400_000);
}

let a: Sandbox;
beforeAll(async () => {
  a = await generated(7);
});
afterAll(async () => {
  for (const sb of opened) await sb.close();
});

describe('the generated account', () => {
  it('is the same for the same seed and differs for another', async () => {
    const again = await generated(7);
    const other = await generated(8);
    expect(snapshot(again)).toBe(snapshot(a));
    expect(snapshot(other)).not.toBe(snapshot(a));
    expect(a.data.clients.size).toBe(COUNTS.clients);
    expect(a.data.products.size).toBe(COUNTS.products);
    expect(a.data.quotations.size).toBe(COUNTS.quotations);
  });

  it('spreads the quotations over ten years, the oldest first', () => {
    const quotations = a.data.quotations.all();
    const ages = quotations.map((q) => daysBefore(q.date));
    expect(Math.max(...ages)).toBeGreaterThan(9.5 * 365);
    expect(Math.min(...ages)).toBeLessThanOrEqual(31);
    // every year of the ten has quotations
    const years = new Set(quotations.map((q) => q.date.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(10);
    // ids grow with the date, give or take the month of jitter
    for (let i = 1; i < quotations.length; i++) expect(ages[i]!).toBeLessThanOrEqual(ages[i - 1]! + 31);
  });

  it('has drafts, sent, approved and custom-status quotations with realistic lines', () => {
    const quotations = a.data.quotations.all();
    const state = (q: (typeof quotations)[number]) => (!q.sent ? 'draft' : q.customstatus || (q.approved ? 'approved' : 'sent'));
    const counts = new Map<string, number>();
    for (const q of quotations) counts.set(state(q), (counts.get(state(q)) ?? 0) + 1);
    for (const s of ['draft', 'sent', 'approved', 'progress', 'completed', 'declined']) expect(counts.get(s) ?? 0, s).toBeGreaterThan(COUNTS.quotations / 10);
    const productNames = new Set(a.data.products.all().map((p) => p.name));
    for (const q of quotations) {
      expect(q.lines.length).toBeGreaterThanOrEqual(1);
      expect(q.lines.length).toBeLessThanOrEqual(4);
      for (const line of q.lines) expect(productNames.has(line.description)).toBe(true);
      expect(Number(q.totalintax)).toBeGreaterThan(0);
      expect(a.data.clients.get(q.clientnr)).toBeDefined();
      if (q.sent) expect(q.quotationreference).toMatch(new RegExp(`^OF${q.date.slice(0, 4)}-`));
    }
    // references are unique, as the service keeps them
    const refs = quotations.filter((q) => q.sent).map((q) => q.quotationreference);
    expect(new Set(refs).size).toBe(refs.length);
  });
});

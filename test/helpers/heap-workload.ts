// A pull's way with memory in small: page after page of records parsed from
// text, each kept while the next two are read, then dropped. Prints the
// largest heap V8 reserved meanwhile (MB). With `--near-live`, the core's heap
// limits are set first (electron/core/heap.ts).
import { keepHeapNearLive } from '../../electron/core/heap';

if (process.argv.includes('--near-live')) keepHeapNearLive();
const record = (i: number) => ({
  clientnr: String(i),
  company: `Bakker ${i} B.V.`,
  contact: 'J. de Vries',
  email: `info${i}@example.nl`,
  city: 'Zwolle',
  street: 'Dorpsstraat 1',
  zipcode: '8011 AB',
  notes: 'x'.repeat(80),
});
const kept: unknown[][] = [];
let most = 0;
for (let page = 0; page < 150; page++) {
  const text = JSON.stringify(Array.from({ length: 1000 }, (_, i) => record(page * 1000 + i)));
  const rows = (JSON.parse(text) as Record<string, unknown>[]).map((r) => ({ ...r, json: JSON.stringify(r) }));
  kept.push(rows);
  if (kept.length > 2) kept.shift();
  most = Math.max(most, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ heapTotalMb: Math.round(most / 1048576) }));

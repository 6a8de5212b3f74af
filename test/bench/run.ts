// `npm run bench -- NAME [args]` runs test/bench/NAME.ts; with no name, all of them.
// Benchmarks print their figures next to a floor measured in the same run.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();

const [name, ...rest] = process.argv.slice(2);
if (name && !available.includes(name)) {
  console.error(`No benchmark "${name}". Available: ${available.join(', ')}`);
  process.exit(2);
}
for (const bench of name ? [name] : available) {
  console.log(`\n== bench ${bench}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${bench}.ts`), ...rest], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

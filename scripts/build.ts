// `npm run build [-- renderer|main|preload ...]`: builds the named parts of
// the app, all three when none is named (scripts/build-parts.ts).
// `--stale` builds only those of them that are stale (what `npm start` and
// `npm run web` do before they run the app).
import { buildPart, ensureBuilt, PARTS, type Part } from './build-parts';

const args = process.argv.slice(2);
const onlyStale = args.includes('--stale');
const asked = args.filter((a) => a !== '--stale');
const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from ${PARTS.join(', ')}, and --stale.`);
  process.exit(2);
}
const parts = asked.length > 0 ? (asked as Part[]) : PARTS;
const told = (part: Part, ms: number) => console.log(`built ${part} in ${ms} ms`);
if (onlyStale) {
  await ensureBuilt(parts, { onBuilt: told });
} else {
  for (const part of parts) {
    const started = Date.now();
    await buildPart(part);
    told(part, Date.now() - started);
  }
}

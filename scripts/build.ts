// `npm run build [-- renderer|main|preload ...]`: builds the named parts of
// the app, all three when none is named.
import { buildPart, PARTS, type Part } from './build-parts';

const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from ${PARTS.join(', ')}.`);
  process.exit(2);
}
for (const part of asked.length > 0 ? (asked as Part[]) : PARTS) {
  const started = Date.now();
  await buildPart(part);
  console.log(`built ${part} in ${Date.now() - started} ms`);
}

// Command-line options of `npm run sandbox`; a bad option is a usage error (exit 2).
import type { SandboxOptions } from './index';
import { PAGED_LISTS, type PagedList } from './paging';

export const USAGE =
  'Usage: npm run sandbox -- [--port N] [--user NAME] [--key KEY] [--clients N] [--products N] [--quotations N] [--rate-limit N] [--credits N] [--seed N]' +
  ' [--latency MS] [--data FILE] [--max-count N] [--unpaged LIST[,LIST…]] [--without-lists profiles,categories]';

export class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

export function parseArgs(argv: string[]): SandboxOptions & { help?: boolean } {
  const opts: SandboxOptions & { help?: boolean } = {};
  const numbers: Record<string, keyof SandboxOptions> = {
    '--port': 'port',
    '--clients': 'clients',
    '--products': 'products',
    '--quotations': 'quotations',
    '--rate-limit': 'rateLimit',
    '--credits': 'credits',
    '--seed': 'seed',
    '--latency': 'latencyMs',
    '--max-count': 'maxCount',
  };
  const texts: Record<string, keyof SandboxOptions> = {
    '--user': 'user',
    '--key': 'key',
    '--data': 'dataFile',
    '--unpaged': 'unpaged',
    '--without-lists': 'withoutLists',
  };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg === '--help' || arg === '-h') return { ...opts, help: true };
    const name = numbers[arg] ?? texts[arg];
    if (!name) fail(`Unknown option ${arg}.`);
    value ??= argv[++i];
    if (value === undefined || value === '') fail(`${arg} needs a value.`);
    if (numbers[arg]) {
      if (!/^\d+$/.test(value)) fail(`${arg} must be a whole number of 0 or more, got "${value}".`);
      (opts as Record<string, unknown>)[name] = Number(value);
    } else if (arg === '--unpaged') opts.unpaged = listNames(value);
    else if (arg === '--without-lists') opts.withoutLists = documentLists(value);
    else (opts as Record<string, unknown>)[name] = value;
  }
  if (opts.port !== undefined && opts.port > 65535) fail(`--port must be 0 to 65535, got ${opts.port}.`);
  return opts;
}

/** A service without these endpoints: they answer 404. */
function documentLists(value: string): ('profiles' | 'categories')[] {
  const names = value.split(',').map((n) => n.trim());
  for (const n of names) if (n !== 'profiles' && n !== 'categories') fail(`--without-lists takes profiles, categories or both, comma separated, got "${n}".`);
  return [...new Set(names as ('profiles' | 'categories')[])];
}

function listNames(value: string): PagedList[] {
  const names = value.split(',').map((n) => n.trim());
  for (const n of names)
    if (!(PAGED_LISTS as readonly string[]).includes(n)) fail(`--unpaged takes list names (${PAGED_LISTS.join(', ')}), comma separated, got "${n}".`);
  return [...new Set(names as PagedList[])];
}

// Command-line options of `npm run sandbox`; a bad option is a usage error (exit 2).
import type { SandboxOptions } from './index';
import { ANSWER_FORMS, type AnswerForm, type FaultRule } from './faults';
import { LIST_ORDERS, PAGED_LISTS, type ListOrder, type PagedList } from './paging';

export const USAGE =
  'Usage: npm run sandbox -- [--port N] [--user NAME] [--key KEY] [--clients N] [--products N] [--quotations N] [--rate-limit N] [--credits N] [--seed N]' +
  ' [--latency MS] [--data FILE] [--max-count N] [--unpaged LIST[,LIST…]] [--list-order id|scrambled] [--without-lists profiles,categories]' +
  " [--fault '[METHOD] PATH applied|error STATUS|stall MS|login-page [applied]|answer FORM [times N|always]']…";

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
    '--list-order': 'listOrder',
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
    if (arg === '--fault') {
      value ??= argv[++i];
      if (value === undefined || value === '') fail(`${arg} needs a value.`);
      (opts.faultRules ??= []).push(parseFaultRule(value));
      continue;
    }
    const name = numbers[arg] ?? texts[arg];
    if (!name) fail(`Unknown option ${arg}.`);
    value ??= argv[++i];
    if (value === undefined || value === '') fail(`${arg} needs a value.`);
    if (numbers[arg]) {
      if (!/^\d+$/.test(value)) fail(`${arg} must be a whole number of 0 or more, got "${value}".`);
      (opts as Record<string, unknown>)[name] = Number(value);
    } else if (arg === '--unpaged') opts.unpaged = listNames(value);
    else if (arg === '--without-lists') opts.withoutLists = documentLists(value);
    else if (arg === '--list-order') opts.listOrder = listOrder(value);
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

/** The order of every paged list and search: by id, or a fixed order that is not (docs/paging.md). */
function listOrder(value: string): ListOrder {
  if (!(LIST_ORDERS as readonly string[]).includes(value)) fail(`--list-order takes ${LIST_ORDERS.join(' or ')}, got "${value}".`);
  return value as ListOrder;
}

function listNames(value: string): PagedList[] {
  const names = value.split(',').map((n) => n.trim());
  for (const n of names)
    if (!(PAGED_LISTS as readonly string[]).includes(n)) fail(`--unpaged takes list names (${PAGED_LISTS.join(', ')}), comma separated, got "${n}".`);
  return [...new Set(names as PagedList[])];
}

const FAULT_SYNTAX =
  "'[METHOD] PATH applied STATUS', '[METHOD] PATH error STATUS', '[METHOD] PATH stall MS', '[METHOD] PATH login-page [applied]' or '[METHOD] PATH answer FORM', then 'times N' or 'always' (default once)";

/**
 * A scripted fault: 'POST /clients applied 502' (carried out, then 502),
 * 'PUT /quotations/* error 503 always' (503 before doing anything, every time),
 * 'GET /clients stall 1000', 'GET * login-page always' (a network's login
 * page in place of every answer; 'applied' after carrying it out),
 * 'POST /quotations answer record' (the answer in another form: AnswerForm
 * in faults.ts, all but 'padded'). PATH is after /api/v1; * is one path
 * segment, a lone * any path; METHOD may be left out (any).
 */
export function parseFaultRule(text: string): FaultRule {
  const words = text.trim().split(/\s+/);
  const bad = (why: string): never => fail(`--fault "${text}": ${why}. Write ${FAULT_SYNTAX}.`);
  const rule: Partial<FaultRule> = {};
  if (/^[A-Za-z]+$/.test(words[0] ?? '')) rule.method = words.shift()!.toUpperCase();
  const path = words.shift();
  if (!path || !(path === '*' || path.startsWith('/'))) bad('the path must start with / (or be * for any)');
  if (path !== '*') rule.path = path!.includes('*') ? new RegExp(`^${path!.split('*').map(escapeRegExp).join('[^/]+')}$`) : path;
  const kind = words.shift();
  let n = 0;
  if (kind === 'login-page') {
    const applied = words[0] === 'applied';
    if (applied) words.shift();
    rule.effect = { kind: 'login_page', applied };
  } else if (kind === 'answer') {
    const form = words.shift() ?? '';
    if (form === 'padded' || !(ANSWER_FORMS as readonly string[]).includes(form))
      bad(`"${form}" is not an answer form (${ANSWER_FORMS.filter((f) => f !== 'padded').join(', ')})`);
    rule.effect = { kind: 'answer', form: form as AnswerForm };
  } else {
    const amount = words.shift();
    n = amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : bad(`"${kind ?? ''}" needs a whole number after it`);
    if (kind === 'applied' || kind === 'error') rule.effect = { kind: 'error', status: n, applied: kind === 'applied' };
    else if (kind === 'stall') rule.effect = { kind: 'stall', everyMs: n };
    else bad(`"${kind ?? ''}" is not a fault`);
  }
  const rest = words;
  if (rest[0] === 'always' && rest.length === 1) rule.times = Infinity;
  else if (rest[0] === 'times' && rest.length === 2 && /^[1-9]\d*$/.test(rest[1]!)) rule.times = Number(rest[1]);
  else if (rest.length > 0) bad(`"${rest.join(' ')}" is not understood`);
  if (rule.effect!.kind === 'error' && (n < 400 || n > 599)) bad('the status must be from 400 to 599');
  if (rule.effect!.kind === 'stall' && n === 0) bad('a stall needs a pause above 0 ms');
  return rule as FaultRule;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Two saves at the same moment, read from the service's request log. The
// service has no versions and no If-Match (docs/conflicts.md, Two saves at
// the same moment): a desk reads a record, merges, and writes it whole; when
// the other desk's write lands between that read and that write, it is
// replaced unseen, and neither desk can tell. The week tells such a record
// apart from a lost edit of ours: a value it finds wrong on a record that
// raced is reported as a race, not as a failure.
import type { RequestRecord } from '../../electron/sandbox/app';

/** One write that replaced another desk's write it had not read. */
export interface Race {
  /** 'quotations/18', 'clients/3' */
  record: string;
  /** the desk whose write replaced, and whose write it replaced */
  by: string;
  over: string;
}

const RECORD = /^\/api\/v1\/(quotations|clients)\/(\d+)(\/[^?]*)?(\?.*)?$/;
/** faults whose request was never carried out, whatever status they showed */
const NOT_CARRIED_OUT = new Set(['stall', 'hang', 'reset', 'body', 'error']);

/** The record a request read or wrote, as 'quotations/18'; a POST that made a quotation counts for the id it answered. */
export function recordOf(r: RequestRecord): string | null {
  const m = RECORD.exec(r.url);
  if (m) return `${m[1]}/${m[2]}`;
  if (r.method === 'POST' && r.id !== undefined && /^\/api\/v1\/quotations\/?(\?.*)?$/.test(r.url)) return `quotations/${r.id}`;
  return null;
}

/** Whether the service carried the request out (its answer may still have been lost). */
function carriedOut(r: RequestRecord): boolean {
  if (r.replaced !== undefined) return r.replaced >= 200 && r.replaced < 300;
  if (r.fault && NOT_CARRIED_OUT.has(r.fault)) return false;
  if (r.fault === 'login_page') return false;
  return r.status >= 200 && r.status < 300;
}

/**
 * Every write that landed after another desk's write to the same record
 * which its desk had not read: it read the record, the other desk's write
 * landed, then it wrote. A write with no read of the record before it (a
 * first save) is no race: what it replaces is ours to answer for.
 *
 * A draft's save is a POST that names no record: it writes the draft its
 * desk read just before (a push reads, merges, then saves), and the id it
 * was answered, which differs when the draft was deleted in between and
 * the save made it again.
 */
export function races(log: readonly RequestRecord[]): Race[] {
  const found: Race[] = [];
  /** per record: where each desk last read it, and the writes carried out, in order */
  const reads = new Map<string, Map<string, number>>();
  const writes = new Map<string, { at: number; agent: string }[]>();
  /** per desk: the quotation it read last */
  const lastQuotation = new Map<string, string>();
  log.forEach((r, at) => {
    const record = recordOf(r);
    const agent = r.agent ?? '';
    // only a save right after its read (a client read between them aside) is that draft's
    const read = lastQuotation.get(agent);
    if (!(r.method === 'GET' && record?.startsWith('clients/'))) lastQuotation.delete(agent);
    if (!record || !carriedOut(r)) return;
    if (r.method === 'GET') {
      if (!reads.has(record)) reads.set(record, new Map());
      reads.get(record)!.set(agent, at);
      if (record.startsWith('quotations/')) lastQuotation.set(agent, record);
      return;
    }
    const saved = r.method === 'POST' && !RECORD.test(r.url) && read !== undefined && read !== record ? [read, record] : [record];
    const raced = saved.some((rec) => {
      const readAt = reads.get(rec)?.get(agent);
      const over = readAt === undefined ? undefined : (writes.get(rec) ?? []).find((w) => w.at > readAt && w.agent !== agent);
      if (over) found.push({ record: rec, by: agent, over: over.agent });
      return over !== undefined;
    });
    // the draft a save made again belongs to the race too
    if (raced && saved.length > 1) found.push({ record, by: agent, over: found[found.length - 1]!.over });
    for (const rec of saved) writes.set(rec, [...(writes.get(rec) ?? []), { at, agent }]);
  });
  return found;
}

/**
 * The records a quotation was on the service: its id, and the draft's it
 * had before it was sent (a send answers the sent quotation's id).
 */
export function quotationRecords(log: readonly RequestRecord[], id: number): string[] {
  // a send is a PUT to the draft, answered with the sent quotation's id
  const drafts = log
    .filter((r) => r.method === 'PUT' && r.id === id)
    .map((r) => recordOf(r))
    .filter((x): x is string => x !== null);
  return [...new Set([`quotations/${id}`, ...drafts])];
}

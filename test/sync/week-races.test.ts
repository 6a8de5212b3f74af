// The week's reading of two saves at the same moment (week-races.ts): it
// must find the race the service's log shows, and nothing else, or the week
// would excuse a lost edit of ours.
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../electron/sandbox/app';
import { quotationRecords, races } from './week-races';

const get = (agent: string, id: number): RequestRecord => ({ method: 'GET', url: `/api/v1/quotations/${id}`, status: 200, agent });
const save = (agent: string, id: number, more: Partial<RequestRecord> = {}): RequestRecord => ({
  method: 'POST',
  url: '/api/v1/quotations',
  status: 201,
  agent,
  id,
  ...more,
});

describe('two saves at the same moment, read from the request log', () => {
  it('finds a write that landed between another desk’s read and its write', () => {
    const log = [save('laptop', 24), get('office', 24), get('laptop', 24), save('office', 24), get('office', 24), save('laptop', 24)];
    expect(races(log)).toEqual([{ record: 'quotations/24', by: 'laptop', over: 'office' }]);
  });

  it('finds none when each desk read the other’s write first, or wrote without reading', () => {
    const inTurn = [save('laptop', 24), get('office', 24), save('office', 24), get('laptop', 24), save('laptop', 24)];
    expect(races(inTurn)).toEqual([]);
    // a first save and its repeat: nothing of another desk's replaced
    expect(races([save('laptop', 24), save('office', 24), save('laptop', 24)])).toEqual([]);
    // another record between them
    expect(races([get('laptop', 24), save('office', 25), save('laptop', 24)])).toEqual([]);
  });

  it('counts a write the service carried out whose answer was lost, and not one it never carried out', () => {
    const lost = save('office', 24, { status: 504, fault: 'applied_error', replaced: 201 });
    expect(races([get('laptop', 24), lost, save('laptop', 24)])).toHaveLength(1);
    const refused = save('office', 24, { status: 500, fault: 'error' });
    const stalled = save('office', 24, { status: 200, fault: 'stall' });
    expect(races([get('laptop', 24), refused, stalled, save('laptop', 24)])).toEqual([]);
  });

  it('finds a save that made again a draft the other desk deleted after it was read', () => {
    const del: RequestRecord = { method: 'DELETE', url: '/api/v1/quotations/24', status: 204, agent: 'laptop' };
    const log = [save('laptop', 24), get('office', 24), del, save('office', 25)];
    expect(races(log)).toEqual([
      { record: 'quotations/24', by: 'office', over: 'laptop' },
      { record: 'quotations/25', by: 'office', over: 'laptop' },
    ]);
    // a save that did not follow its read (another request between) is not taken for that draft's
    const list: RequestRecord = { method: 'GET', url: '/api/v1/quotations?count=100', status: 200, agent: 'office' };
    expect(races([save('laptop', 24), get('office', 24), del, list, save('office', 25)])).toEqual([]);
    // read after the delete: no race
    expect(races([save('laptop', 24), del, get('office', 24), save('office', 25)])).toEqual([]);
  });

  it('follows a quotation from its draft to the id a send gave it', () => {
    const log: RequestRecord[] = [save('laptop', 24), { method: 'PUT', url: '/api/v1/quotations/24', status: 200, agent: 'laptop', id: 31 }];
    expect(quotationRecords(log, 31)).toEqual(['quotations/31', 'quotations/24']);
  });
});

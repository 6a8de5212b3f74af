// The relay from the store's change signal to the page's events: what a push
// names is told at once with its ids, a table written in unnamed rows is told
// once per burst as 'all', a record whose outbox entry moved is named (its
// badge changes), and what a handler wrote itself is not echoed.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../electron/bridge/events';
import { EventHub } from '../../electron/bridge/events';
import { RecordRelay } from '../../electron/core/record-relay';
import { HandlerScope } from '../../electron/core/handler-scope';
import type { SyncStatus } from '../../shared/bridge';
import { scratchStore } from '../store/helpers';

const STATUS = { pending: 0, parked: 0, conflicts: 0 } as unknown as SyncStatus;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setUp() {
  const { store } = scratchStore();
  const events = new EventHub();
  const heard: AnyEvent[] = [];
  events.subscribe((e) => heard.push(e));
  const scope = new HandlerScope();
  const relay = new RecordRelay({ events, isEcho: () => scope.active, status: () => STATUS, delayMs: 20 });
  const unwatch = relay.watch(store);
  const records = () => heard.filter((e) => e.event === 'records.changed').map((e) => e.payload);
  return { store, relay, scope, heard, records, close: () => (unwatch(), relay.close()) };
}

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
  close = null;
});

describe('the record relay', () => {
  it('names the record whose outbox entry moved, at once; a request going out is no news', () => {
    const t = setUp();
    close = t.close;
    const c = t.scope.run(() => t.store.clients.create({ company: 'A' }));
    const op = t.store.outbox.list()[0]!;
    t.heard.length = 0;
    t.store.outbox.markInFlight(op.id, {});
    expect(t.records()).toEqual([]);
    t.store.outbox.park(op.id, { kind: 'server', message: '500' });
    expect(t.records()).toEqual([{ entity: 'client', ids: [c.id] }]);
    // the badge's source moved: the parked list and the counts go out with it
    expect(t.heard.map((e) => e.event)).toEqual(expect.arrayContaining(['outbox.parked', 'conflicts.changed', 'sync.status']));
  });

  it("tells a table written in rows nobody named once per burst, as 'all'", async () => {
    const t = setUp();
    close = t.close;
    // a pull writes page after page
    t.store.pulled.putCountries([{ id: 146, name: 'Nederland' }]);
    t.store.pulled.putCountries([
      { id: 146, name: 'Nederland' },
      { id: 21, name: 'België' },
    ]);
    expect(t.records()).toEqual([]);
    await wait(60);
    expect(t.records()).toEqual([{ entity: 'country', ids: 'all' }]);
  });

  it('does not echo what a handler wrote, also after its awaits, but tells the outbox moved', async () => {
    const t = setUp();
    close = t.close;
    await t.scope.run(async () => {
      await wait(5);
      const c = t.store.clients.create({ company: 'Mine' });
      await wait(5);
      t.store.clients.update(c.id, { city: 'Utrecht' });
    });
    await wait(60);
    expect(t.records()).toEqual([]);
    expect(t.heard.some((e) => e.event === 'sync.status')).toBe(true);
  });

  it('tells what others wrote while a handler waits', async () => {
    const t = setUp();
    close = t.close;
    const c = t.store.clients.create({ company: 'A' });
    const op = t.store.outbox.list()[0]!;
    await wait(60);
    t.heard.length = 0;
    let release!: () => void;
    const slow = t.scope.run(async () => {
      await new Promise<void>((r) => (release = r));
      t.store.clients.create({ company: 'Mine' });
    });
    // a push commits while the handler is waiting for the service
    t.store.outbox.markDone(op.id);
    expect(t.records()).toEqual([{ entity: 'client', ids: [c.id] }]);
    release();
    await slow;
    await wait(60);
    expect(t.records()).toEqual([{ entity: 'client', ids: [c.id] }]);
  });

  it('tells nothing once closed', async () => {
    const t = setUp();
    t.relay.close();
    t.heard.length = 0;
    t.store.clients.create({ company: 'A' });
    await wait(60);
    expect(t.heard).toEqual([]);
    t.close();
  });
});

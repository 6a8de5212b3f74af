// An answer slow to come: once a request has waited 10 s for its whole
// answer, the sync status says since when the desk waits for it
// (SyncStatus.waitingSince), told to the page when the time has come though
// nothing else changed, and told again, cleared, when the answer ends. The
// watch on its own (a timer only while a request waits, none once stopped),
// then through the core against the demo sandbox over real HTTP, a write
// answered late and a write whose answer stalls, on simulated time so the
// 10 s pass at once and nothing hangs on the machine's speed.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../electron/bridge/events';
import { ANSWER_WAITING_MS, watchAnswers, type InFlight } from '../../electron/core/answer-watch';
import { MemoryKeychain } from '../../electron/keychain';
import type { SyncStatus } from '../../shared/bridge';
import { reachOf } from '../../shared/reach';
import { startTestCore, type TestCore } from '../helpers/core';
import { SimClock } from '../helpers/sim-clock';
import { until } from '../helpers/until';

/** A few turns of the event loop: what a timer started runs as far as it can without the service. */
const turns = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

describe('the watch of the requests under way', () => {
  /** A transport's requests under way, sent and ended by the test. */
  function requests(clock: SimClock) {
    const sent = new Set<number>();
    const listeners = new Set<() => void>();
    const tell = () => listeners.forEach((l) => l());
    const transport: InFlight = {
      oldestInFlight: () => (sent.size === 0 ? null : Math.min(...sent)),
      onInFlight(l) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    return {
      transport,
      listeners,
      send() {
        const at = clock.now();
        sent.add(at);
        tell();
        return () => {
          sent.delete(at);
          tell();
        };
      },
    };
  }

  it('tells since when once the oldest answer has waited 10 s, and again when it ends; a timer only while one waits', async () => {
    expect(ANSWER_WAITING_MS).toBe(10_000);
    const clock = new SimClock();
    const r = requests(clock);
    let told = 0;
    const watch = watchAnswers(r.transport, { onChange: () => told++, now: clock.now, timers: clock.timers });
    expect([watch.waitingSince(), told, clock.nextAt]).toEqual([null, 0, null]);

    const first = clock.now();
    const endFirst = r.send();
    expect(clock.nextAt).toBe(first + ANSWER_WAITING_MS);
    await clock.advance(4_000, turns);
    const endSecond = r.send();
    await clock.advance(ANSWER_WAITING_MS - 4_000 - 1, turns);
    expect([watch.waitingSince(), told]).toEqual([null, 0]);
    await clock.advance(1, turns);
    // told once, with the oldest, by the timer alone
    expect([watch.waitingSince(), told, clock.nextAt]).toEqual([first, 1, null]);
    await clock.advance(60_000, turns);
    expect(told).toBe(1);

    // the oldest answered: the next one has waited long enough too
    endFirst();
    expect([watch.waitingSince(), told]).toEqual([first + 4_000, 2]);
    endSecond();
    expect([watch.waitingSince(), told, clock.nextAt]).toEqual([null, 3, null]);

    // one answered in time: nothing told, and its timer gone
    const quick = r.send();
    expect(clock.nextAt).not.toBeNull();
    await clock.advance(2_000, turns);
    quick();
    expect([told, clock.nextAt]).toEqual([3, null]);

    // stopped while one waits: its timer is cleared and nothing more is told
    r.send();
    expect(clock.nextAt).not.toBeNull();
    watch.stop();
    expect([clock.nextAt, r.listeners.size]).toEqual([null, 0]);
    await clock.advance(60_000, turns);
    expect(told).toBe(3);
  });
});

describe('an answer slow to come, through the core', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function start() {
    const clock = new SimClock();
    t = await startTestCore({ secrets: new MemoryKeychain(), clock, demoSeed: { clients: 1, products: 0, quotations: 0 } });
    const core = t.core;
    const told: SyncStatus[] = [];
    core.events.subscribe((e: AnyEvent) => {
      if (e.event === 'sync.status') told.push(e.payload);
    });
    await core.sync.engine.pull();
    const transport = core.space.api.transport;
    /** queues a new client and pushes it, not waited for; resolves once its request is under way, with when it was sent */
    const push = async () => {
      await t!.ok('clients.create', { fields: { company: 'Bakkerij Zon' } });
      const pushed = core.sync.engine.flush();
      const sentAt = await until(() => transport.oldestInFlight(), 'the write to be sent');
      return { pushed, sentAt };
    };
    return { t, core, clock, told, push, status: () => t!.ok('sync.status', {}) };
  }

  it('says since when a write waits for its answer after 10 s, told though nothing else changed, and clears it once the answer came', async () => {
    const r = await start();
    // the sandbox answers writes late, in real time: the simulated 10 s pass long before it does
    r.core.sandbox!.setFaults({ latencyMs: 5_000, methods: ['POST'] });
    const { pushed, sentAt } = await r.push();
    expect((await r.status()).waitingSince).toBeNull();
    await r.clock.advance(ANSWER_WAITING_MS - 1_000, turns);
    expect((await r.status()).waitingSince).toBeNull();
    const before = r.told.length;
    await r.clock.advance(1_000, turns);
    const since = new Date(sentAt).toISOString();
    // told to the page when the time came
    expect(r.told.length).toBeGreaterThan(before);
    expect(r.told[r.told.length - 1]).toMatchObject({ waitingSince: since, pending: 1, online: true });
    const s = await r.status();
    expect(s).toMatchObject({ waitingSince: since, pending: 1 });
    expect(reachOf(s, r.clock.now())).toEqual({ kind: 'waiting', since });

    expect((await pushed).done).toBe(1);
    await until(async () => (await r.status()).pending === 0, 'the outbox to empty');
    const after = await r.status();
    expect(after.waitingSince).toBeNull();
    expect(reachOf(after, r.clock.now()).kind).toBe('online');
    expect(r.told[r.told.length - 1]!.waitingSince).toBeNull();
  });

  it('says it of a write whose answer stalls, and clears it when the stalled answer ends', async () => {
    const r = await start();
    const sandbox = r.core.sandbox!;
    // 200 and a byte now and then, never ending: only the whole deadline (two minutes) or the line going down ends it
    sandbox.addFault({ method: 'POST', path: '/clients', effect: { kind: 'stall', everyMs: 1_000 } });
    const { pushed, sentAt } = await r.push();
    await r.clock.advance(ANSWER_WAITING_MS, turns);
    expect(r.told[r.told.length - 1]!.waitingSince).toBe(new Date(sentAt).toISOString());
    // the line goes down: the stalled answer ends, unread
    await sandbox.setNetwork(false);
    await pushed;
    expect((await r.status()).waitingSince).toBeNull();
    expect(r.told[r.told.length - 1]!.waitingSince).toBeNull();
    await sandbox.setNetwork(true);
  });
});

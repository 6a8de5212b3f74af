// Everyday edits flushed while the sandbox fails requests in every way it
// can: 500s before the work, resets, cut-off bodies, answers lost or hanging
// after the change was made, errors after the change was made (500, a
// gateway's 502 page, 503, 504), a 503 naming a Retry-After, and answers whose
// body never ends (only the request's whole deadline ends them). Afterwards
// the service holds exactly what was meant, and every send was delivered
// exactly once (fault-scenario.ts).
import { describe, expect, it } from 'vitest';
import { rig, drain, type Rig } from './helpers';
import { seeded } from './random';
import { Scenario } from './fault-scenario';

const SEED = Number(process.env.QUOTEDESK_FAULT_SEED ?? 20260115);
/**
 * Short waits, so faults that leave a request without an answer cost little
 * time; the API client on the rig's clock and never waiting by itself, so a
 * Retry-After is waited out by moving the clock, not by sleeping. Reads are
 * tried as often as the app tries them (3 attempts): a lost write's look-up
 * is a read, and at these fault rates one attempt each would give writes up
 * that the app would have found.
 */
const API = { headersTimeoutMs: 250, bodyTimeoutMs: 250, deadlineMs: 400, maxWaitMs: 0, readAttempts: 3 };

/** Now and then one of the scripted faults: a 503 with Retry-After before a write, or a page that never ends. */
function scripted(r: Rig, rnd: ReturnType<typeof seeded>): void {
  const roll = rnd.next();
  if (roll < 0.3) {
    const method = rnd.pick(['POST', 'PUT', 'DELETE'] as const);
    r.sb.addFault({ method, effect: { kind: 'error', status: 503, applied: false, retryAfter: '1' } });
  } else if (roll < 0.5) {
    // a trickle faster than the gap timeout: only the deadline ends it
    r.sb.addFault({ method: 'GET', path: rnd.pick(['/quotations', /^\/quotations\/\d+$/, /^\/clients\/\d+$/]), effect: { kind: 'stall', everyMs: 100 } });
  }
}

describe('flushing under faults', () => {
  it('200 operations, 25% failures: exactly the intended records, every send delivered once', { timeout: 180_000 }, async () => {
    const r = await rig({ sandbox: { clients: 15, products: 5, quotations: 10, seed: 4, credits: 1000 }, api: API, clockedApi: true });
    await r.engine.pull();
    const rnd = seeded(SEED);
    const scenario = new Scenario(r, rnd);

    r.sb.setFaults({
      serverErrorRate: 0.04,
      resetRate: 0.04,
      truncateRate: 0.04,
      dropAfterCommitRate: 0.04,
      hangAfterCommitRate: 0.03,
      appliedErrorRate: 0.06,
      seed: Number(process.env.QUOTEDESK_FAULT_SEED ?? 99),
    });
    // a draft of another desk that holds `reference` on the service, unseen here (no pull runs)
    const takenElsewhere: string[] = [];
    const otherDesk = (reference: string): string => {
      const template = r.sb.data.quotations.all().find((x) => !x.sent)!;
      r.sb.data.quotations.set({ ...template, id: r.sb.data.nextId('quotations'), savename: `other-desk-${reference}`, quotationreference: reference });
      return reference;
    };
    let ops = 0;
    while (ops < 200) {
      if (!scenario.step(ops)) continue;
      ops++;
      if (ops % 20 === 5) takenElsewhere.push(otherDesk(r.store.numbering.preview()!));
      if (ops % 10 === 7) scripted(r, rnd);
      // flush now and then, so edits land while earlier ones are under way
      if (ops % 10 === 0) await r.engine.tick();
    }
    await drain(r, 400);
    r.sb.clearFaults();
    await drain(r, 100);

    const faults = r.sb.requestLog().filter((x) => x.fault);
    expect(faults.length).toBeGreaterThan(15);
    expect(faults.filter((x) => x.fault === 'applied_error').length).toBeGreaterThan(3);
    scenario.check();
    // the other desk's drafts are as it left them, and this desk stepped past their numbers
    expect(takenElsewhere.length).toBeGreaterThan(5);
    for (const ref of takenElsewhere)
      expect(
        r.sb.data.quotations
          .all()
          .filter((x) => x.quotationreference === ref)
          .map((x) => x.savename),
      ).toEqual([`other-desk-${ref}`]);
    const sentRefs = r.sb.deliveries().map((d) => d.quotationreference);
    expect(sentRefs.filter((ref) => takenElsewhere.includes(ref))).toEqual([]);
    expect(r.store.numbering.notices().filter((n) => n.why === 'service' && takenElsewhere.includes(n.from)).length).toBeGreaterThan(0);
  });

  it('100 seeded trials of a dozen edits under every fault kind: nothing lost, nothing twice', { timeout: 300_000 }, async () => {
    const TRIALS = 100;
    const struck = new Map<string, number>();
    let retried = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const seed = SEED + trial;
      const rnd = seeded(seed);
      const r = await rig({ sandbox: { clients: 4, products: 0, quotations: 0, seed, credits: 1000 }, api: API, clockedApi: true });
      await r.engine.pull();
      const scenario = new Scenario(r, rnd, `t${trial}-`);
      // each trial its own mix, written after the pull so every fault lands on the edits
      const share = () => rnd.next() * 0.12;
      r.sb.setFaults({
        serverErrorRate: share(),
        resetRate: share(),
        truncateRate: share(),
        dropAfterCommitRate: share(),
        // hanging answers cost a timeout each and are played at length by the run above
        hangAfterCommitRate: share() / 4,
        appliedErrorRate: share() * 2,
        seed,
      });
      for (let ops = 0; ops < 12;) {
        if (!scenario.step(ops)) continue;
        ops++;
        if (ops % 4 === 0) scripted(r, rnd);
        if (ops % 3 === 0) await r.engine.tick();
      }
      await drain(r, 200);
      r.sb.clearFaults();
      await drain(r, 100);
      // At these rates (up to three requests in four failing) an entry may fail its 12 counted
      // tries in a row and wait for the person, as it should: the person retries it once the
      // service works, as its message says, and the retry looks its last attempt up first.
      const gaveUp = r.store.outbox.parked().filter((e) => e.lastError?.messageKey === 'parked.gave_up');
      for (const e of gaveUp) r.store.outbox.retry(e.id);
      retried += gaveUp.length;
      await drain(r, 100);
      for (const q of r.sb.requestLog()) if (q.fault) struck.set(q.fault, (struck.get(q.fault) ?? 0) + 1);
      scenario.check(`trial ${trial} (seed ${seed})`);
    }
    // every kind struck, the errors after the work most of all
    for (const kind of ['error', 'reset', 'truncate', 'drop', 'hang', 'applied_error', 'stall']) expect(struck.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(struck.get('applied_error')).toBeGreaterThanOrEqual(100);
    console.info(
      `fault trials: ${TRIALS} trials; faults struck: ${JSON.stringify(Object.fromEntries(struck))}; entries retried by hand after 12 failures: ${retried}`,
    );
    // giving up stays rare, even here
    expect(retried).toBeLessThanOrEqual(TRIALS / 10);
  });
});

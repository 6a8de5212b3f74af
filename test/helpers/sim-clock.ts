// Simulated time for the sync engine and the core's timers, so an hour of
// drafting runs in seconds while the requests stay real. Each timer that
// comes due runs at its own moment, and `settle` lets whatever it started
// (a push, a pull over real HTTP) finish before time moves on.
import type { Timers } from '../../electron/sync';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

export class SimClock {
  #t: number;
  #seq = 0;
  #pending: Pending[] = [];

  constructor(start = Date.now()) {
    this.#t = start;
  }

  readonly now = (): number => this.#t;

  readonly timers: Timers = {
    setTimeout: (fn, ms) => {
      const p: Pending = { at: this.#t + Math.max(0, ms), seq: this.#seq++, fn };
      this.#pending.push(p);
      return p;
    },
    clearTimeout: (h) => {
      const i = this.#pending.indexOf(h as Pending);
      if (i >= 0) this.#pending.splice(i, 1);
    },
  };

  /** Moves time forward by `ms`, running every timer due on the way in order, each followed by `settle`. */
  async advance(ms: number, settle: () => Promise<void>): Promise<void> {
    const target = this.#t + ms;
    await settle();
    for (;;) {
      const next = this.#pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.#pending.splice(this.#pending.indexOf(next), 1);
      this.#t = Math.max(this.#t, next.at);
      next.fn();
      await settle();
    }
    this.#t = target;
  }

  /** When the earliest timer is due, or null. */
  get nextAt(): number | null {
    return this.#pending.length === 0 ? null : Math.min(...this.#pending.map((p) => p.at));
  }
}

/** Waits until the core's sync has nothing running, across a few turns of the event loop (timers set by what finished). */
export async function settled(idle: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await idle();
    await new Promise((r) => setImmediate(r));
  }
}

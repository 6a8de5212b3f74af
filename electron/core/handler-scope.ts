// Tells the page's own changes from everyone else's. Each bridge handler runs
// in an async scope that follows its awaits until its promise settles; a
// store change signalled while that scope is current was made by the handler,
// whose answer already tells the page, so it is not echoed as records.changed.
//
// A counter raised while a handler runs would not do: it would end at the
// handler's first await (so what `countries.list` writes after reading the
// service came back as news), and held until the promise settles it would
// swallow a push or pull that commits while the handler waits for the
// service. The scope goes with the chain of calls, not with the time, so
// two handlers that overlap each keep their own, and a push that commits in
// between is still told.
//
// Work a handler only sets going (a push it wakes, a space it switches to,
// their timers) does not belong to it: it is started `outside` the scope, or
// its writes would pass for the handler's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Handlers } from '../bridge/dispatcher';
import type { Timers } from '../sync';

export class HandlerScope {
  readonly #current = new AsyncLocalStorage<true>();

  /** true while the code running was called by a bridge handler */
  get active(): boolean {
    return this.#current.getStore() === true;
  }

  /** Runs `fn` as a handler: the changes it makes, also after its awaits, are its own. */
  run<T>(fn: () => T): T {
    return this.#current.run(true, fn);
  }

  /** Runs `fn`, and everything it sets going, as nobody's handler. */
  outside<T>(fn: () => T): T {
    return this.#current.exit(fn);
  }

  /**
   * Every handler of `raw`, run in the scope, except those in `toldToAll`:
   * their answer reaches only the screen that called, while what they
   * change is shown on others too (Needs attention and the conflict dialog
   * act on the quotation or client open in its editor).
   */
  wrap(raw: Handlers, toldToAll: readonly (keyof Handlers)[] = []): Handlers {
    const told = new Set<string>(toldToAll);
    return Object.fromEntries(
      Object.entries(raw).map(([op, handler]) => {
        const run = handler as (i: never) => unknown;
        return [op, told.has(op) ? (input: never) => this.outside(() => run(input)) : (input: never) => this.run(() => run(input))];
      }),
    ) as unknown as Handlers;
  }

  /** Timers whose callbacks run outside the scope, wherever they were set: the sync engine plans its pushes on them. */
  timers(base: Timers): Timers {
    return {
      setTimeout: (fn, ms) => base.setTimeout(() => this.outside(fn), ms),
      clearTimeout: (handle) => base.clearTimeout(handle),
    };
  }
}

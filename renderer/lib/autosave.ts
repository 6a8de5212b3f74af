// Coalesced autosave. Edits are merged per key (the draft, each line, a
// client) and written after a short pause, one write at a time in order, so
// typing never waits for the bridge and a burst of keystrokes is one write.
// A failed write keeps its patch (newer edits win over it) and is retried;
// nothing typed is dropped.
import { asBridgeError, type BridgeError } from '../../shared/bridge';

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/** Runs tasks one after another, in the order they were given. */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export interface CoalescerOptions<K, P> {
  merge(older: P, newer: P): P;
  write(key: K, patch: P): Promise<void>;
  /** the queue shared with the editor's other writes (add, move, remove) */
  queue: <T>(task: () => Promise<T>) => Promise<T>;
  delayMs?: number;
  onState?(state: SaveState, error: BridgeError | null): void;
}

export class Coalescer<K, P> {
  private readonly pending = new Map<K, P>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = 0;
  private failures = 0;
  private lastError: BridgeError | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly opts: CoalescerOptions<K, P>) {}

  add(key: K, patch: P): void {
    const before = this.pending.get(key);
    this.pending.set(key, before === undefined ? patch : this.opts.merge(before, patch));
    this.arm(this.opts.delayMs ?? 250);
    this.report();
  }

  /** Forgets what is pending for a key (the line was removed). */
  drop(key: K): void {
    this.pending.delete(key);
    this.report();
  }

  has(key: K): boolean {
    return this.pending.has(key);
  }

  get idle(): boolean {
    return this.pending.size === 0 && this.inFlight === 0;
  }

  /** Writes everything pending now; resolves when written, rejects with the first failure. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return this.flushing ?? Promise.resolve();
    const batch = [...this.pending.entries()];
    this.pending.clear();
    this.inFlight += batch.length;
    this.report();
    const done = Promise.all(
      batch.map(([key, patch]) =>
        this.opts
          .queue(() => this.opts.write(key, patch))
          .then(
            () => {
              this.failures = 0;
              this.lastError = null;
            },
            (e: unknown) => {
              // keep it, under anything typed since
              const newer = this.pending.get(key);
              this.pending.set(key, newer === undefined ? patch : this.opts.merge(patch, newer));
              this.failures++;
              this.lastError = asBridgeError(e);
              throw this.lastError;
            },
          )
          .finally(() => {
            this.inFlight--;
            this.report();
          }),
      ),
    ).then(
      () => {
        this.report();
      },
      (e: unknown) => {
        // a refused payload will be refused again: wait for the next edit
        if (this.lastError?.kind !== 'invalid_request') this.arm(Math.min(30_000, 500 * 2 ** Math.min(this.failures, 6)));
        this.report();
        throw e;
      },
    );
    const tracked = done.finally(() => {
      if (this.flushing === tracked) this.flushing = null;
    });
    this.flushing = tracked;
    return tracked;
  }

  /** Stops the timer without writing (the editor closes after a flush). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => undefined);
    }, ms);
  }

  get state(): SaveState {
    return this.lastError && this.pending.size > 0 ? 'error' : this.inFlight > 0 ? 'saving' : this.pending.size > 0 ? 'pending' : 'saved';
  }

  get error(): BridgeError | null {
    return this.state === 'error' ? this.lastError : null;
  }

  private report(): void {
    this.opts.onState?.(this.state, this.error);
  }
}

/** What flushOnLeave listens to: the document and the window, or stand-ins in tests. */
export interface LeaveTargets {
  document: EventTarget & { visibilityState?: string };
  window: EventTarget;
}

/**
 * Tells `leave` when the window closes or the page goes away, so the draft
 * shown reaches the service then and not only by the time rule. Leaving a
 * field or hiding the window is not leaving the quotation: those stay local.
 * Returns a function that stops listening.
 */
export function leaveOnClose(targets: Pick<LeaveTargets, 'window'>, leave: () => Promise<void>): () => void {
  const now = () => void leave().catch(() => undefined);
  targets.window.addEventListener('pagehide', now);
  targets.window.addEventListener('beforeunload', now);
  return () => {
    targets.window.removeEventListener('pagehide', now);
    targets.window.removeEventListener('beforeunload', now);
  };
}

/**
 * Writes pending edits at once when the user leaves a field or the page, so a
 * finished field never waits out the pause and closing the window right
 * after typing loses nothing. Returns a function that stops listening.
 */
export function flushOnLeave(targets: LeaveTargets, flush: () => Promise<void>): () => void {
  // a failed write stays pending and is retried by its saver
  const now = () => void flush().catch(() => undefined);
  const hidden = () => {
    if (targets.document.visibilityState === 'hidden') now();
  };
  targets.document.addEventListener('focusout', now, { capture: true });
  targets.document.addEventListener('visibilitychange', hidden);
  targets.window.addEventListener('pagehide', now);
  targets.window.addEventListener('beforeunload', now);
  return () => {
    targets.document.removeEventListener('focusout', now, { capture: true });
    targets.document.removeEventListener('visibilitychange', hidden);
    targets.window.removeEventListener('pagehide', now);
    targets.window.removeEventListener('beforeunload', now);
  };
}

// Online or offline, judged by what requests do rather than by a flag: any
// answer from the service means online; a refused, broken or timed-out
// connection means offline, and then a cheap probe runs with a growing,
// jittered pause until the service answers again.
import { backoffDelay, type BackoffOptions } from '../api';

/** How often a run of answers is told, at most; well under the UI's notion of a recent answer (shared/reach.ts). */
const REACH_TELL_MS = 10_000;

export class Connectivity {
  private state: boolean | null = null;
  private probes = 0;
  private nextProbe = 0;
  private readonly backoff: BackoffOptions;
  /** broken or timed-out requests in a row */
  private troubles = 0;
  /** while in doubt: when one cheap request settles it, unless another request answers first */
  private checkAt: number | null = null;
  private answeredAt: number | null = null;
  private toldAt: number | null = null;

  constructor(
    private readonly now: () => number,
    backoff: BackoffOptions = {},
    private readonly onChange: (online: boolean, reason: string) => void = () => {},
    /** the last answer's time moved on, or a doubt began or ended: worth telling without an online/offline change */
    private readonly onReach: () => void = () => {},
  ) {
    // full jitter, but never a probe storm: at least a quarter of the step
    this.backoff = { baseMs: 2000, capMs: 5 * 60_000, ...backoff };
  }

  /** null until the first request outcome */
  get online(): boolean | null {
    return this.state;
  }

  /** When the next probe is due (offline only). */
  get nextProbeAt(): number | null {
    return this.state === false ? this.nextProbe : null;
  }

  /** When the service last answered anything; null before the first answer. */
  get lastAnswerAt(): number | null {
    return this.answeredAt;
  }

  /**
   * A request failed since the last answer and the line is not judged down
   * yet: "online" would be a claim nobody can back, so the UI says it checks.
   */
  get doubtful(): boolean {
    return this.state !== false && this.troubles > 0;
  }

  /**
   * When the doubt is to be settled by a probe. "Checking the connection"
   * must be true: a request that broke off while nothing else is due (a pull
   * at the end of the queue) would otherwise leave the bar checking until the
   * next pull, minutes away. At most two such probes before the third trouble
   * judges the line down; the first a few seconds on, jittered.
   */
  get nextCheckAt(): number | null {
    return this.doubtful ? this.checkAt : null;
  }

  checkDue(): boolean {
    return this.doubtful && this.checkAt !== null && this.now() >= this.checkAt;
  }

  answered(): void {
    const wasDoubtful = this.doubtful;
    this.probes = 0;
    this.troubles = 0;
    this.checkAt = null;
    this.answeredAt = this.now();
    if (this.state !== true) {
      this.state = true;
      this.toldAt = this.answeredAt;
      this.onChange(true, '');
    } else if (wasDoubtful || this.toldAt === null || this.answeredAt - this.toldAt >= REACH_TELL_MS) {
      // told now and then, not on every answer: the UI only needs it to stay recent
      this.toldAt = this.answeredAt;
      this.onReach();
    }
  }

  unreachable(reason: string): void {
    const step = backoffDelay(this.probes, this.backoff);
    const floor = Math.min(this.backoff.capMs ?? Infinity, (this.backoff.baseMs ?? 0) * 2 ** this.probes) / 4;
    this.nextProbe = this.now() + Math.max(step, floor);
    this.probes++;
    this.checkAt = null;
    if (this.state !== false) {
      this.state = false;
      this.onChange(false, reason);
    }
  }

  /**
   * A request broke off or timed out. The service was perhaps reached, so
   * one such failure says little; a few in a row mean the line is down.
   */
  troubled(reason: string, limit = 3): void {
    this.troubles++;
    if (this.troubles >= limit) return this.unreachable(reason);
    const base = this.backoff.baseMs ?? 2000;
    this.checkAt = this.now() + base + backoffDelay(this.troubles - 1, this.backoff);
    if (this.troubles === 1) this.onReach();
  }

  /** The next probe or check waits until `at` at the earliest (the request budget cannot afford one before). */
  postpone(at: number): void {
    if (this.state === false) this.nextProbe = Math.max(this.nextProbe, at);
    if (this.checkAt !== null) this.checkAt = Math.max(this.checkAt, at);
  }

  probeDue(): boolean {
    return this.state === false && this.now() >= this.nextProbe;
  }
}

// Fault injection for tests of the client and the sync engine. One seeded
// draw per eligible request picks at most one fault, so a run is reproducible.
import { seededRng, type Rng } from './random';

export interface Faults {
  latencyMs: number;
  serverErrorRate: number;
  resetRate: number;
  truncateRate: number;
  dropAfterCommitRate: number;
  hangAfterCommitRate: number;
  seed: number;
  /** restrict faults to these methods (e.g. ['POST','PUT']); default all */
  methods?: string[];
}

/** Before the work: 'reset', 'error'. After the work: 'truncate', 'drop', 'hang'. */
export type FaultKind = 'reset' | 'error' | 'truncate' | 'drop' | 'hang';

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  serverErrorRate: 0,
  resetRate: 0,
  truncateRate: 0,
  dropAfterCommitRate: 0,
  hangAfterCommitRate: 0,
  seed: 1,
};

function rate(name: string, v: number): number {
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`setFaults: ${name} must be a number from 0 to 1, got ${v}`);
  return v;
}

export class FaultInjector {
  private faults: Faults = { ...NO_FAULTS };
  private rng: Rng = seededRng(NO_FAULTS.seed);

  constructor(seed?: number) {
    if (seed !== undefined) this.set({ seed });
  }

  set(f: Partial<Faults>): void {
    const next = { ...this.faults, ...f };
    for (const k of ['serverErrorRate', 'resetRate', 'truncateRate', 'dropAfterCommitRate', 'hangAfterCommitRate'] as const) rate(k, next[k]);
    if (!Number.isFinite(next.latencyMs) || next.latencyMs < 0) throw new RangeError(`setFaults: latencyMs must be 0 or more, got ${next.latencyMs}`);
    next.methods = next.methods?.map((m) => m.toUpperCase());
    this.faults = next;
    if (f.seed !== undefined) this.rng = seededRng(f.seed);
  }

  clear(): void {
    const seed = this.faults.seed;
    this.faults = { ...NO_FAULTS, seed };
  }

  current(): Faults {
    return { ...this.faults };
  }

  private applies(method: string): boolean {
    return !this.faults.methods || this.faults.methods.includes(method.toUpperCase());
  }

  latency(method: string): number {
    return this.applies(method) ? this.faults.latencyMs : 0;
  }

  /** The fault for this request, if any. */
  draw(method: string): FaultKind | null {
    if (!this.applies(method)) return null;
    const f = this.faults;
    if (f.resetRate + f.serverErrorRate + f.truncateRate + f.dropAfterCommitRate + f.hangAfterCommitRate === 0) return null;
    const r = this.rng();
    let edge = f.resetRate;
    if (r < edge) return 'reset';
    if (r < (edge += f.serverErrorRate)) return 'error';
    if (r < (edge += f.truncateRate)) return 'truncate';
    if (r < (edge += f.dropAfterCommitRate)) return 'drop';
    if (r < edge + f.hangAfterCommitRate) return 'hang';
    return null;
  }
}

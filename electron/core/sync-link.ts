// Joins a space's sync engine to the core: start and stop with the space,
// wake it when the page queues something, and report its state as the
// contract's SyncStatus fields.
import type { SyncStatus } from '../../shared/bridge';
import type { Space } from './space';

export interface SyncLink {
  start(): void;
  stop(): Promise<void>;
  /** something was queued or may go again */
  wake(): void;
  /** false when a pull runs already */
  pullNow(): boolean;
  status(): Pick<SyncStatus, 'online' | 'lastSyncAt' | 'pulling' | 'budget'>;
  /** the service refused the key: the account needs a new one */
  needsKey(): boolean;
}

export interface SyncLinkOptions {
  /** the status changed (online, progress, budget) */
  onChange: () => void;
}

export function linkSync(space: Space, opts: SyncLinkOptions): SyncLink {
  const offBudget = space.api.onBudget(() => opts.onChange());
  return {
    start() {},
    async stop() {
      offBudget();
    },
    wake() {},
    pullNow: () => false,
    status() {
      const b = space.api.budget;
      return {
        online: space.sandbox ? space.sandbox.online : true,
        lastSyncAt: null,
        pulling: null,
        budget: b.limit === null || b.remaining === null ? null : { limit: b.limit, remaining: b.remaining, resetsAt: b.resetsAt ? new Date(b.resetsAt).toISOString() : null },
      };
    },
    needsKey: () => false,
  };
}

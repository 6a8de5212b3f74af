// The contract's SyncStatus of the space shown: the engine's state, the
// outbox counts and open conflicts of its database, and whether the account
// can be used.
import type { SyncStatus } from '../../shared/bridge';
import type { AccountService } from '../account';
import type { Space } from './space';
import type { SyncLink } from './sync-link';

/** the order statuses are made in, across every space of the process */
let made = 0;

export function syncStatus(space: Space, sync: SyncLink, accounts: Pick<AccountService, 'get'>): SyncStatus {
  const counts = space.store.outbox.counts();
  const needsKey = space.kind === 'account' && (sync.needsKey() || accounts.get(space.accountId!).needsKey);
  return {
    ...sync.status(),
    pending: counts.pending + counts.in_flight + counts.unknown_outcome,
    parked: counts.parked,
    conflicts: space.store.conflicts.open().length,
    account: space.kind === 'demo' ? 'demo' : needsKey ? 'needs_key' : 'connected',
    seq: ++made,
  };
}

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
  const account = space.kind === 'account' ? accounts.get(space.accountId!) : null;
  const needsKey = account !== null && (sync.needsKey() || account.needsKey);
  return {
    ...sync.status(),
    pending: counts.pending + counts.in_flight + counts.unknown_outcome,
    parked: counts.parked,
    conflicts: space.store.conflicts.open().length,
    // a key missing from the keychain is not one the service refused: it was never asked
    account: account === null ? 'demo' : !needsKey ? 'connected' : account.keyMissing ? 'key_missing' : 'needs_key',
    seq: ++made,
  };
}

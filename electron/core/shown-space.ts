// The space the window shows, its sync engine, and the switch to another.
// Switches run one at a time; the next space opens before the shown one
// closes, so a space that cannot be opened leaves the current one in place.
import type { Space } from './space';
import type { SyncLink } from './sync-link';
import type { HandlerScope } from './handler-scope';
import type { RecordRelay } from './record-relay';

export interface ShownSpaceOptions {
  /** opens an account's space, or the demo's for null */
  open(accountId: string | null): Promise<Space>;
  /** joins a space's sync engine to the page's status */
  link(space: Space): SyncLink;
  relay: RecordRelay;
  scope: HandlerScope;
  /** the draft-save time rule in force, in ms */
  draftSaveEveryMs(): number;
  /** start syncing each space as it is shown; false leaves the engine to the caller (tests) */
  autoSync: boolean;
}

export class ShownSpace {
  #space!: Space;
  #sync!: SyncLink;
  #unwatch: () => void = () => undefined;
  #switching: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(private readonly opts: ShownSpaceOptions) {}

  /** Shows the first space; before it, there is none. */
  begin(first: Space): void {
    this.attach(first);
  }

  get space(): Space {
    return this.#space;
  }

  get sync(): SyncLink {
    return this.#sync;
  }

  /** Shows another space (an account, or the demo for null); everything the page holds is stale afterwards. */
  show(accountId: string | null): Promise<void> {
    // the switch and the new space's syncing are nobody's handler: their changes are news
    const run = this.opts.scope.outside(() =>
      this.#switching.then(async () => {
        const shown = this.#space;
        if (this.#closed || (shown.accountId === accountId && shown.kind === (accountId === null ? 'demo' : 'account'))) return;
        const next = await this.opts.open(accountId);
        await this.detach();
        this.attach(next);
        this.opts.relay.allChanged(['quotation', 'client', 'product', 'country']);
      }),
    );
    this.#switching = run.catch(() => undefined);
    return run;
  }

  /** Stops syncing and closes the shown space, after a switch under way; the page hears nothing more. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#switching;
    this.#closed = true;
    this.opts.relay.close();
    await this.detach();
  }

  private attach(s: Space): void {
    this.#space = s;
    s.store.outbox.setDraftSaveEvery(this.opts.draftSaveEveryMs());
    this.#sync = this.opts.link(s);
    this.#unwatch = this.opts.relay.watch(s.store);
    if (this.opts.autoSync) this.opts.scope.outside(() => this.#sync.start());
  }

  private async detach(): Promise<void> {
    await this.#sync.stop();
    this.#unwatch();
    await this.#space.close();
  }
}

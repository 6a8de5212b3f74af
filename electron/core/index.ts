// The composition root: from a data folder, builds everything the bridge
// handlers need (store, account service, API client, sync engine and, in demo
// mode, the in-process sandbox) and takes it down again in order.
import { OPERATION_NAMES } from '../../shared/bridge';
import type { Handlers } from '../bridge/dispatcher';
import { EventHub } from '../bridge/events';
import { HandlerError } from '../bridge/errors';

export interface DemoSeed {
  clients?: number;
  products?: number;
  quotations?: number;
}

export interface CoreOptions {
  /** the app's data folder: demo/ and accounts/<id>/ live under it */
  dataDir: string;
  /** how much demo data a fresh sandbox starts with */
  demoSeed?: DemoSeed;
}

export interface Core {
  readonly dataDir: string;
  readonly events: EventHub;
  readonly handlers: Handlers;
  /** the demo sandbox, when it runs */
  readonly sandbox: unknown;
  /** takes the demo service off the network (false) and back (true) */
  setDemoOnline(online: boolean): Promise<void>;
  isDemoOnline(): boolean;
  close(): Promise<void>;
}

export async function createCore(opts: CoreOptions): Promise<Core> {
  const events = new EventHub();
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((op) => [
      op,
      () => {
        throw new HandlerError('conflict_state', `${op} is not available yet in this build.`);
      },
    ]),
  ) as unknown as Handlers;
  let online = true;
  return {
    dataDir: opts.dataDir,
    events,
    handlers,
    sandbox: null,
    async setDemoOnline(next) {
      online = next;
    },
    isDemoOnline: () => online,
    async close() {},
  };
}

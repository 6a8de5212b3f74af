// What the send dialog needs to know beyond the client: whether the service
// has said the print center credits are used up (electron/sync/credits.ts).
import { creditsRefusedAt } from '../../sync/credits';
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';

type SendingHandlers = Pick<Handlers, 'sending.credits'>;

export function sendingHandlers(ctx: BridgeContext): SendingHandlers {
  return {
    'sending.credits'() {
      const at = creditsRefusedAt(ctx.store());
      return { refusedAt: at === null ? null : new Date(at).toISOString() };
    },
  };
}

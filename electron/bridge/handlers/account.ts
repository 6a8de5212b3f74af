// The service accounts: list, connect (the key is tested before it is kept),
// disconnect, and which one the window shows (null: the demo).
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';

type AccountHandlers = Pick<Handlers, 'account.list' | 'account.connect' | 'account.disconnect' | 'account.setActive'>;

export function accountHandlers(ctx: BridgeContext): AccountHandlers {
  return {
    'account.list': () => ctx.accounts.list(),
    'account.connect': (input) => ctx.accounts.connect(input),
    'account.disconnect': async ({ id }) => {
      await ctx.accounts.disconnect(id);
      return { disconnected: true };
    },
    'account.setActive': async ({ id }) => {
      await ctx.accounts.setActive(id);
      return { active: id };
    },
  };
}

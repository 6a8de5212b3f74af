// The account's values of the fields the service fills in when a quotation
// leaves them empty: read for Settings and stated there
// (electron/store/service-defaults.ts).
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';

type ServiceDefaultsHandlers = Pick<Handlers, 'serviceDefaults.get' | 'serviceDefaults.set'>;

export function serviceDefaultsHandlers(ctx: BridgeContext): ServiceDefaultsHandlers {
  return {
    'serviceDefaults.get': () => ctx.store().serviceDefaults.all(),
    'serviceDefaults.set': (input) => ctx.store().serviceDefaults.set(input),
  };
}

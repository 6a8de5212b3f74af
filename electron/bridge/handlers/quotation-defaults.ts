// What a new quotation starts with, read and set in Settings
// (electron/store/quotation-defaults.ts); and the units used before, which
// the unit fields suggest (electron/store/product-units.ts).
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';

type QuotationDefaultsHandlers = Pick<Handlers, 'quotationDefaults.get' | 'quotationDefaults.set' | 'units.used'>;

export function quotationDefaultsHandlers(ctx: BridgeContext): QuotationDefaultsHandlers {
  return {
    'quotationDefaults.get': () => ctx.store().quotationDefaults.all(),
    'quotationDefaults.set': (input) => ctx.store().quotationDefaults.set(input),
    'units.used': () => ctx.store().productUnits.used(),
  };
}

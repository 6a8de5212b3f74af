// Every operation of the contract, answered from the core.
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';
import { catalogueHandlers } from './catalogue';
import { clientHandlers } from './clients';
import { productHandlers } from './products';
import { lineHandlers } from './lines';
import { quotationHandlers } from './quotations';
import { syncHandlers } from './sync';
import { accountHandlers } from './account';
import { settingsHandlers } from './settings';
import { linkHandlers } from './links';
import { sendingHandlers } from './sending';
import { serviceDefaultsHandlers } from './service-defaults';
import { quotationDefaultsHandlers } from './quotation-defaults';
import { documentHandlers } from './document';
import { documentListHandlers } from './document-lists';
import { numberingHandlers } from './numbering';
import { templateHandlers } from './templates';

export type { BridgeContext, AccountsPort, SettingsPort } from './context';

export function createHandlers(ctx: BridgeContext): Handlers {
  return {
    ...quotationHandlers(ctx),
    ...lineHandlers(ctx),
    ...clientHandlers(ctx),
    ...productHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...syncHandlers(ctx),
    ...accountHandlers(ctx),
    ...settingsHandlers(ctx),
    ...linkHandlers(),
    ...sendingHandlers(ctx),
    ...serviceDefaultsHandlers(ctx),
    ...quotationDefaultsHandlers(ctx),
    ...documentHandlers(ctx),
    ...documentListHandlers(ctx),
    ...numberingHandlers(ctx),
    ...templateHandlers(ctx),
  };
}

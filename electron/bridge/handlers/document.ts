// The company details printed on documents, and the document's printing.
// Printing needs a window, so the core answers it with the no-window
// handlers; Electron's main process puts the window's own in their place.
import type { Handlers } from '../dispatcher';
import { noWindowPrintHandlers } from '../../document/print';
import type { BridgeContext } from './context';

type DocumentHandlers = Pick<Handlers, 'company.get' | 'company.set' | 'company.setLogo' | 'company.removeLogo' | 'document.exportPdf' | 'document.print'>;

export function documentHandlers(ctx: BridgeContext): DocumentHandlers {
  return {
    'company.get': () => ctx.company.get(),
    'company.set': ({ fields }) => ctx.company.setFields(fields),
    'company.setLogo': ({ type, dataBase64 }) => ctx.company.setLogo(type, dataBase64),
    'company.removeLogo': () => ctx.company.removeLogo(),
    ...noWindowPrintHandlers(),
  };
}

// The company details printed on documents, and the document's printing.
// Printing needs a window, so the core answers it with the no-window
// handlers; Electron's main process puts the window's own in their place.
import type { Handler, Handlers } from '../dispatcher';
import { exportPdf, printPage, type PrintDeps } from '../../document/print';
import { HandlerError } from '../../errors/handler-error';
import { said } from '../../../shared/messages';
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

type PrintHandlers = { 'document.exportPdf': Handler<'document.exportPdf'>; 'document.print': Handler<'document.print'> };

/** The two document operations of the bridge, for the Electron window. */
export function documentPrintHandlers(deps: PrintDeps): PrintHandlers {
  return {
    'document.exportPdf': ({ fileName }) => exportPdf(deps, fileName),
    'document.print': () => printPage(deps),
  };
}

/** The same operations where no window prints (the web host): the page prints with the browser instead. */
export function noWindowPrintHandlers(): PrintHandlers {
  const refuse = () => {
    throw new HandlerError('conflict_state', said('document.no_window'));
  };
  return { 'document.exportPdf': refuse, 'document.print': refuse };
}

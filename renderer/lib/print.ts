// Printing the document. In Electron the main process prints the window
// (its own PDF printing and print dialog, electron/document/print.ts). In a
// browser (the web host) the browser prints: its dialog offers "Save as PDF"
// and proposes the page's title as the file name, so the title is the
// document's file name while the dialog is open.
import type { QuotedeskBridge } from '../../shared/bridge';

export interface PrintEnv {
  bridge: Pick<QuotedeskBridge, 'invoke' | 'host'>;
  document: Pick<Document, 'title'>;
  print: () => void;
}

/** The title the browser proposes as the PDF's name: the file name without ".pdf" (the browser adds it). */
export function printTitle(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '');
}

/** Runs the browser's print with the title set to the file name, and puts the title back afterwards. */
export function browserPrint(env: Pick<PrintEnv, 'document' | 'print'>, fileName: string): void {
  const before = env.document.title;
  env.document.title = printTitle(fileName);
  try {
    // window.print() returns when the dialog closes
    env.print();
  } finally {
    env.document.title = before;
  }
}

export type PrintOutcome = { kind: 'saved'; path: string } | { kind: 'printed' } | { kind: 'cancelled' } | { kind: 'browser' };

export async function exportPdf(env: PrintEnv, fileName: string): Promise<PrintOutcome> {
  if (env.bridge.host !== 'electron') {
    browserPrint(env, fileName);
    return { kind: 'browser' };
  }
  const r = await env.bridge.invoke('document.exportPdf', { fileName });
  return r.saved && r.path ? { kind: 'saved', path: r.path } : { kind: 'cancelled' };
}

export async function printDocument(env: PrintEnv, fileName: string): Promise<PrintOutcome> {
  if (env.bridge.host !== 'electron') {
    browserPrint(env, fileName);
    return { kind: 'browser' };
  }
  const r = await env.bridge.invoke('document.print', {});
  return r.printed ? { kind: 'printed' } : { kind: 'cancelled' };
}

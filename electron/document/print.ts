// Printing the document from the Electron window: PDF through the window's
// own printToPDF and a save dialog, paper through its print dialog. What
// Electron provides is passed in (the window's contents, the dialog, the file
// writer), so everything here runs and is tested without Electron; main.ts
// only hands over the window. The bridge's document operations call it
// (electron/bridge/handlers/document.ts).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { documentFileName } from '../../shared/document';
import { HandlerError } from '../errors/handler-error';
import { said } from '../../shared/messages';

/** What printing needs of a window's web contents (Electron's WebContents has both). */
export interface PrintableContents {
  printToPDF(options: PdfOptions): Promise<Uint8Array>;
  print(options: { silent: boolean; printBackground: boolean }, callback: (success: boolean, failureReason: string) => void): void;
}

export interface PdfOptions {
  pageSize: 'A4';
  printBackground: boolean;
  /** the page's @page rule decides size and margins (A4, print CSS) */
  preferCSSPageSize: boolean;
  /** inches; the page's @page margins are used instead */
  margins: { top: number; bottom: number; left: number; right: number };
  displayHeaderFooter: boolean;
}

/**
 * The PDF is the page as printed: the print CSS hides the app around the
 * document and sets A4 with its margins, so Chromium adds no margins,
 * header or footer of its own (its header prints the app's URL).
 */
export function pdfOptions(): PdfOptions {
  return { pageSize: 'A4', printBackground: true, preferCSSPageSize: true, margins: { top: 0, bottom: 0, left: 0, right: 0 }, displayHeaderFooter: false };
}

export interface SaveDialog {
  /** resolves with the chosen path, or null when the person cancelled */
  choosePath(defaultPath: string): Promise<string | null>;
}

export interface PrintDeps {
  /** the window showing the page; null when it is gone */
  contents: () => PrintableContents | null;
  dialog: SaveDialog;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
  /** where the save dialog starts (the Documents folder in the app); asked only when a PDF is saved */
  documentsDir?: () => string;
}

/** The path the save dialog proposes: the documents folder and the name the page gave, cleaned once more (the page is not trusted with paths). */
export function defaultPdfPath(fileName: string, documentsDir = join(homedir(), 'Documents')): string {
  const bare = fileName.replace(/\.pdf$/i, '');
  return join(documentsDir, documentFileName(bare, ''));
}

function windowOf(deps: PrintDeps): PrintableContents {
  const contents = deps.contents();
  if (!contents) throw new HandlerError('conflict_state', said('document.window_closed'));
  return contents;
}

/** Saves the page as a PDF where the person picks; `saved: false` when they cancelled the dialog. */
export async function exportPdf(deps: PrintDeps, fileName: string): Promise<{ saved: boolean; path: string | null }> {
  const contents = windowOf(deps);
  const path = await deps.dialog.choosePath(defaultPdfPath(fileName, deps.documentsDir?.()));
  if (path === null) return { saved: false, path: null };
  const pdf = await contents.printToPDF(pdfOptions());
  await deps.writeFile(path, pdf);
  return { saved: true, path };
}

/** Opens the print dialog; `printed: false` when the person cancelled it. */
export async function printPage(deps: PrintDeps): Promise<{ printed: boolean }> {
  const contents = windowOf(deps);
  const printed = await new Promise<boolean>((resolve, reject) => {
    contents.print({ silent: false, printBackground: true }, (success, reason) => {
      // a cancelled print dialog is no failure
      if (success || /cancel/i.test(reason)) resolve(success);
      else reject(new HandlerError('conflict_state', said('document.not_printed', { reason })));
    });
  });
  return { printed };
}

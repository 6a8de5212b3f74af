// Printing the document and saving it as a PDF (renderer/lib/print.ts): the
// main process prints in Electron, the browser in the web host.
import { defineStore } from 'pinia';
import { bridge } from '../bridge';
import { exportPdf as exportPdfIn, printDocument, type PrintEnv, type PrintOutcome } from '../lib/print';

export const usePrintingStore = defineStore('printing', () => {
  function here(): PrintEnv {
    return { bridge: bridge(), document, print: () => window.print() };
  }

  function exportPdf(fileName: string): Promise<PrintOutcome> {
    return exportPdfIn(here(), fileName);
  }

  function print(fileName: string): Promise<PrintOutcome> {
    return printDocument(here(), fileName);
  }

  return { exportPdf, print };
});

// Printing from the Electron window, without Electron: the window's contents,
// the save dialog and the file writer are handed in, as main.ts hands them in.
import { describe, expect, it } from 'vitest';
import { defaultPdfPath, pdfOptions, type PdfOptions, type PrintableContents } from '../../electron/document/print';
import { documentPrintHandlers, noWindowPrintHandlers } from '../../electron/bridge/handlers/document';

function window(printResult: [boolean, string] = [true, '']) {
  const calls: { pdf: PdfOptions[]; print: number } = { pdf: [], print: 0 };
  const contents: PrintableContents = {
    printToPDF: async (o) => {
      calls.pdf.push(o);
      return new TextEncoder().encode('%PDF-1.7 fake');
    },
    print: (_o, cb) => {
      calls.print++;
      cb(...printResult);
    },
  };
  return { contents, calls };
}

describe('PDF from the window', () => {
  it('prints A4 with the page deciding margins, and no header with the app address', () => {
    expect(pdfOptions()).toEqual({
      pageSize: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      displayHeaderFooter: false,
    });
  });

  it('proposes the file name in the documents folder, cleaned again', () => {
    expect(defaultPdfPath('OF2026-0008 Bakkerij Jansen.pdf', '/home/an/Documents')).toBe('/home/an/Documents/OF2026-0008 Bakkerij Jansen.pdf');
    // the page is not trusted with paths
    expect(defaultPdfPath('../../etc/passwd', '/home/an/Documents')).toBe('/home/an/Documents/-..-etc-passwd.pdf');
  });

  it('writes the PDF where the person chose, and nothing when they cancel', async () => {
    const { contents, calls } = window();
    const written: [string, string][] = [];
    let answer: string | null = '/tmp/x/OF2026-0008 Bakkerij Jansen.pdf';
    const proposed: string[] = [];
    const h = documentPrintHandlers({
      contents: () => contents,
      dialog: { choosePath: async (p) => (proposed.push(p), answer) },
      writeFile: async (p, d) => void written.push([p, new TextDecoder().decode(d)]),
      documentsDir: () => '/docs',
    });
    expect(await h['document.exportPdf']({ fileName: 'OF2026-0008 Bakkerij Jansen.pdf' })).toEqual({
      saved: true,
      path: '/tmp/x/OF2026-0008 Bakkerij Jansen.pdf',
    });
    expect(proposed).toEqual(['/docs/OF2026-0008 Bakkerij Jansen.pdf']);
    expect(written).toEqual([['/tmp/x/OF2026-0008 Bakkerij Jansen.pdf', '%PDF-1.7 fake']]);
    expect(calls.pdf).toEqual([pdfOptions()]);

    answer = null;
    expect(await h['document.exportPdf']({ fileName: 'a.pdf' })).toEqual({ saved: false, path: null });
    expect(written).toHaveLength(1);
    expect(calls.pdf).toHaveLength(1);
  });

  it('says so when the window is gone', async () => {
    const h = documentPrintHandlers({ contents: () => null, dialog: { choosePath: async () => '/x.pdf' }, writeFile: async () => undefined });
    await expect(h['document.exportPdf']({ fileName: 'a.pdf' })).rejects.toThrow(/window to print is closed/);
  });
});

describe('printing from the window', () => {
  it('prints, takes a cancelled dialog as no failure, and reports a printer failure', async () => {
    const ok = window([true, '']);
    expect(
      await documentPrintHandlers({ contents: () => ok.contents, dialog: { choosePath: async () => null }, writeFile: async () => undefined })[
        'document.print'
      ]({}),
    ).toEqual({ printed: true });
    const cancelled = window([false, 'Print job canceled']);
    expect(
      await documentPrintHandlers({ contents: () => cancelled.contents, dialog: { choosePath: async () => null }, writeFile: async () => undefined })[
        'document.print'
      ]({}),
    ).toEqual({ printed: false });
    const failed = window([false, 'Print job failed']);
    await expect(
      documentPrintHandlers({ contents: () => failed.contents, dialog: { choosePath: async () => null }, writeFile: async () => undefined })['document.print'](
        {},
      ),
    ).rejects.toThrow(/not printed: Print job failed/);
  });

  it('is refused where there is no window, pointing at the browser', () => {
    const h = noWindowPrintHandlers();
    expect(() => h['document.print']({})).toThrow(/browser's Print/);
  });
});

// Printing in the page: the browser's print with the file name as the title,
// or the main process's printing in Electron, through the bridge.
import { describe, expect, it } from 'vitest';
import { browserPrint, exportPdf, printDocument, printTitle } from '../../renderer/lib/print';

describe('printing in the browser', () => {
  it('sets the title to the file name while the dialog is open, then puts it back', () => {
    const doc = { title: 'quotedesk' };
    const seen: string[] = [];
    browserPrint({ document: doc, print: () => seen.push(doc.title) }, 'OF2026-0008 Bakkerij Jansen.pdf');
    expect(seen).toEqual(['OF2026-0008 Bakkerij Jansen']);
    expect(doc.title).toBe('quotedesk');
    expect(printTitle('a.PDF')).toBe('a');
  });

  it('puts the title back even when printing fails', () => {
    const doc = { title: 'quotedesk' };
    expect(() =>
      browserPrint(
        {
          document: doc,
          print: () => {
            throw new Error('no printer');
          },
        },
        'x.pdf',
      ),
    ).toThrow('no printer');
    expect(doc.title).toBe('quotedesk');
  });

  it('uses the bridge in Electron and the browser elsewhere', async () => {
    const asked: string[] = [];
    const invoke = (async (op: string) => {
      asked.push(op);
      return op === 'document.exportPdf' ? { saved: true, path: '/p.pdf' } : { printed: true };
    }) as never;
    const doc = { title: 't' };
    let printed = 0;
    const electron = { bridge: { host: 'electron' as const, invoke }, document: doc, print: () => printed++ };
    expect(await exportPdf(electron, 'a.pdf')).toEqual({ kind: 'saved', path: '/p.pdf' });
    expect(await printDocument(electron, 'a.pdf')).toEqual({ kind: 'printed' });
    expect(printed).toBe(0);
    const web = { ...electron, bridge: { host: 'web' as const, invoke } };
    expect(await exportPdf(web, 'a.pdf')).toEqual({ kind: 'browser' });
    expect(printed).toBe(1);
    expect(asked).toEqual(['document.exportPdf', 'document.print']);
  });
});

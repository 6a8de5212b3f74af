// Every window and session security setting of electron/main.ts, asserted on
// what main.ts asks of Electron (replaced at the import boundary), and the
// bridge's sender check on the IPC handler it registers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/security';
import { DataFolderInUse, lockDataFolder } from '../../electron/core/data-lock';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../electron/bridge/channels';
import { fake, FakeBrowserWindow, FakeFrame, FakeWebContents } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

type MainModule = typeof import('../../electron/main');
let main: MainModule;
let win: FakeBrowserWindow;
const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-shell-'));

async function until<T>(get: () => T | undefined | null, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = get();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  delete process.env.QUOTEDESK_DATA_DIR;
  fake.app.userData = dataDir;
  main = await import('../../electron/main');
  fake.app.readyResolve();
  win = await until(() => FakeBrowserWindow.all[0], 'the window');
});

afterAll(async () => {
  await main.runningCore()?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function navEvent() {
  return {
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
}

describe('language', () => {
  it('follows the system locale (app.getLocale(), en-GB here) until one is picked, then keeps the one picked', async () => {
    const core = await until(() => main.runningCore(), 'the core');
    expect(await core.handlers['settings.get']({})).toMatchObject({ language: 'en', languagePicked: false });
    expect(await core.handlers['settings.set']({ language: 'nl' })).toMatchObject({ language: 'nl', languagePicked: true });
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).language).toBe('nl');
  });
});

describe('window', () => {
  it('isolates the page: context isolation, sandbox, no Node, no webview', () => {
    const prefs = win.options.webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.preload).toMatch(/preload\.cjs$/);
  });

  it('is never made smaller than the 1024×640 every screen is laid out for', () => {
    expect(win.options).toMatchObject({ minWidth: 1024, minHeight: 640 });
    expect(win.options.width).toBeGreaterThanOrEqual(1024);
    expect(win.options.height).toBeGreaterThanOrEqual(640);
  });

  it('loads the page from app://quotedesk, not from file://', () => {
    expect(win.loadedUrl).toBe('app://quotedesk/index.html');
    expect(fake.privilegedSchemes).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
    expect(fake.privilegedSchemes[0].privileges.bypassCSP).toBeFalsy();
  });

  it('has DevTools in development and none in packaged builds', () => {
    expect(main.windowOptions().webPreferences?.devTools).toBe(true);
    fake.app.isPackaged = true;
    try {
      expect(main.windowOptions().webPreferences?.devTools).toBe(false);
    } finally {
      fake.app.isPackaged = false;
    }
  });

  it('takes the single-instance lock and brings the window forward on a second start', () => {
    expect(fake.app.listenerCount('second-instance')).toBe(1);
    expect(fake.app.quitCalls).toBe(0);
    win.minimized = true;
    const focused = win.focusCalls;
    fake.app.emit('second-instance');
    expect(win.minimized).toBe(false);
    expect(win.focusCalls).toBe(focused + 1);
  });

  it('holds the data folder while it runs (docs/data-lock.md)', () => {
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);
  });
});

describe('content security policy', () => {
  it('allows only the app itself: no remote or inline scripts, connect-src self', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });

  it('is put on every response of the session', () => {
    const seen: any[] = [];
    fake.session.defaultSession.headersReceived!({ url: 'app://quotedesk/x.js', responseHeaders: { 'Content-Type': ['text/javascript'] } }, (r: any) =>
      seen.push(r),
    );
    expect(seen[0].responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(seen[0].responseHeaders['Content-Type']).toEqual(['text/javascript']);
  });

  it('comes with every file the app:// protocol serves, which never leaves the renderer folder', async () => {
    const handler = fake.protocolHandlers.get('app')!;
    const traversal: Response = await handler(new Request('app://quotedesk/..%2F..%2Fpackage.json'));
    expect(traversal.status).toBe(404);
    const foreign: Response = await handler(new Request('app://elsewhere/index.html'));
    expect(foreign.status).toBe(404);
    const page: Response = await handler(new Request('app://quotedesk/index.html'));
    if (page.status === 200) expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    else expect(page.status).toBe(404); // no renderer next to the sources in this checkout
  });

  it('cancels every request that is not for the app itself', () => {
    const decide = (url: string) => {
      let cancel: boolean | undefined;
      fake.session.defaultSession.beforeRequest!({ url }, (r: { cancel: boolean }) => (cancel = r.cancel));
      return cancel;
    };
    expect(decide('app://quotedesk/assets/index.js')).toBe(false);
    expect(decide('https://cdn.example.com/lib.js')).toBe(true);
    expect(decide('http://127.0.0.1:8080/api/v1/clients')).toBe(true);
    expect(decide('ws://127.0.0.1:5173/')).toBe(true);
    expect(decide('file:///etc/passwd')).toBe(true);
  });
});

describe('permissions', () => {
  it('denies every permission request and check', () => {
    const s = fake.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      let granted: boolean | undefined;
      s.permissionRequestHandler!(win.webContents, permission, (g: boolean) => (granted = g), {});
      expect(granted, permission).toBe(false);
      expect(s.permissionCheckHandler!(win.webContents, permission, 'app://quotedesk', {}), permission).toBe(false);
    }
    expect(s.devicePermissionHandler!({ deviceType: 'usb' })).toBe(false);
    let media: unknown;
    s.displayMediaRequestHandler!({}, (streams: unknown) => (media = streams));
    expect(media).toEqual({});
  });

  it('lets only the app itself write to the clipboard (Copy of the signing link), and never read it', () => {
    const s = fake.session.defaultSession;
    const request = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      s.permissionRequestHandler!(win.webContents, permission, (g: boolean) => (granted = g), { requestingUrl });
      return granted;
    };
    expect(request('clipboard-sanitized-write', 'app://quotedesk/index.html')).toBe(true);
    expect(s.permissionCheckHandler!(win.webContents, 'clipboard-sanitized-write', 'app://quotedesk', {})).toBe(true);
    expect(request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(s.permissionCheckHandler!(win.webContents, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
    expect(request('clipboard-read', 'app://quotedesk/index.html')).toBe(false);
    expect(s.permissionCheckHandler!(win.webContents, 'clipboard-read', 'app://quotedesk', {})).toBe(false);
  });
});

describe('navigation and new windows', () => {
  it('blocks navigation away from the page, opening only https links without credentials in the system browser (as links.open)', () => {
    fake.openedExternally.length = 0;
    const wc = win.webContents;
    for (const url of [
      'https://example.com/help',
      'http://example.com/',
      'https://user:pw@example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://quotedesk/other.html',
      'smb://host/share',
    ]) {
      const e = navEvent();
      wc.emit('will-navigate', e, url);
      expect(e.prevented, url).toBe(true);
    }
    expect(fake.openedExternally).toEqual(['https://example.com/help']);
  });

  it('blocks redirects and webviews', () => {
    const r = navEvent();
    win.webContents.emit('will-redirect', r, 'https://example.com/');
    expect(r.prevented).toBe(true);
    const w = navEvent();
    win.webContents.emit('will-attach-webview', w, {}, {});
    expect(w.prevented).toBe(true);
  });

  it('denies every new window; https links without credentials go to the system browser, nothing else does', () => {
    fake.openedExternally.length = 0;
    const open = win.webContents.windowOpenHandler!;
    for (const url of [
      'https://example.com/terms',
      'http://example.com/terms',
      'https://user:pw@example.com/',
      'file:///etc/hosts',
      'javascript:alert(1)',
      'app://quotedesk/index.html',
      'mailto:a@b.nl',
      'not a url',
    ]) {
      expect(open({ url }), url).toEqual({ action: 'deny' });
    }
    expect(fake.openedExternally).toEqual(['https://example.com/terms']);
  });

  it('locks down every web contents created, not only the main window', () => {
    const other = new FakeWebContents();
    fake.app.emit('web-contents-created', {}, other);
    expect(other.windowOpenHandler!({ url: 'https://x.example' })).toEqual({ action: 'deny' });
    const e = navEvent();
    other.emit('will-navigate', e, 'https://x.example');
    expect(e.prevented).toBe(true);
  });
});

describe('bridge sender check', () => {
  const invoke = (event: object, op: unknown, input: unknown) => fake.ipcHandlers.get(INVOKE_CHANNEL)!(event, op, input);

  it('answers the top frame of the window showing the app', async () => {
    const r = await invoke({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, 'settings.get', {});
    expect(r.ok ? 'ok' : r.error.kind).not.toBe('untrusted_sender');
  });

  it('refuses a sub-frame, another web contents, a foreign page and a missing frame', async () => {
    const sub = new FakeFrame('app://quotedesk/index.html');
    sub.parent = win.webContents.mainFrame;
    const foreignTop = new FakeFrame('https://evil.example/');
    const other = new FakeWebContents();
    const cases = [
      { sender: win.webContents, senderFrame: sub },
      { sender: other, senderFrame: other.mainFrame },
      { sender: win.webContents, senderFrame: null },
    ];
    for (const event of cases) {
      const r = await invoke(event, 'settings.get', {});
      expect(r).toMatchObject({ ok: false, error: { kind: 'untrusted_sender', messageKey: 'bridge.untrusted_sender' } });
    }
    const saved = win.webContents.mainFrame;
    win.webContents.mainFrame = foreignTop;
    try {
      const r = await invoke({ sender: win.webContents, senderFrame: foreignTop }, 'settings.get', {});
      expect(r).toMatchObject({ ok: false, error: { kind: 'untrusted_sender' } });
    } finally {
      win.webContents.mainFrame = saved;
    }
  });

  it('opens an https link from the page in the system browser, checked again here, and refuses any other', async () => {
    fake.openedExternally.length = 0;
    const trusted = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    const good = 'https://sign.example.com/sign/0123456789abcdef01234567';
    expect(await invoke(trusted, 'links.open', { url: good })).toEqual({ ok: true, value: { openIn: 'system' } });
    for (const url of [
      'http://sign.example.com/sign/abc',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://u:p@sign.example.com/',
      `https://sign.example.com/${'a'.repeat(3000)}`,
    ]) {
      const r = await invoke(trusted, 'links.open', { url });
      expect(r, url).toMatchObject({ ok: false, error: { kind: 'validation' } });
    }
    // a page that is not ours cannot have anything opened
    expect(await invoke({ sender: new FakeWebContents(), senderFrame: null }, 'links.open', { url: good })).toMatchObject({
      ok: false,
      error: { kind: 'untrusted_sender' },
    });
    expect(fake.openedExternally).toEqual([good]);
  });

  it("saves the document as a PDF by the window's own printing, where the person chooses, and prints with its dialog", async () => {
    const trusted = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    const target = join(dataDir, 'OF2026-0008 Bakkerij Jansen.pdf');
    fake.saveDialogs.length = 0;
    win.webContents.printed.length = 0;
    fake.saveDialogAnswer = null;
    expect(await invoke(trusted, 'document.exportPdf', { fileName: 'OF2026-0008 Bakkerij Jansen.pdf' })).toEqual({
      ok: true,
      value: { saved: false, path: null },
    });
    expect(win.webContents.printed).toEqual([]);
    fake.saveDialogAnswer = target;
    expect(await invoke(trusted, 'document.exportPdf', { fileName: 'OF2026-0008 Bakkerij Jansen.pdf' })).toEqual({
      ok: true,
      value: { saved: true, path: target },
    });
    expect(fake.saveDialogs).toMatchObject([
      { defaultPath: join(dataDir, 'Documents', 'OF2026-0008 Bakkerij Jansen.pdf') },
      { defaultPath: join(dataDir, 'Documents', 'OF2026-0008 Bakkerij Jansen.pdf'), filters: [{ extensions: ['pdf'] }] },
    ]);
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7 from the window');
    expect(win.webContents.printed).toMatchObject([{ pageSize: 'A4', preferCSSPageSize: true, displayHeaderFooter: false }]);
    expect(await invoke(trusted, 'document.print', {})).toEqual({ ok: true, value: { printed: true } });
  });

  it('forwards the core events to the window', () => {
    win.webContents.sent.length = 0;
    main.runningCore()!.events.emit('records.changed', { entity: 'client', ids: ['c1'] });
    expect(win.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, args: ['records.changed', { entity: 'client', ids: ['c1'] }] }]);
  });
});

describe('quit', () => {
  it('holds the quit until the core is closed, then quits', async () => {
    const core = main.runningCore()!;
    const closed = vi.spyOn(core, 'close');
    const e = navEvent();
    fake.app.emit('before-quit', e);
    expect(e.prevented).toBe(true);
    await until(() => fake.app.quitCalls > 0, 'app.quit');
    expect(closed).toHaveBeenCalledTimes(1);
    expect(main.runningCore()).toBeNull();
    // and the data folder is free again
    lockDataFolder(dataDir).release();
    // the second before-quit (from app.quit) goes through
    const again = navEvent();
    fake.app.emit('before-quit', again);
    expect(again.prevented).toBe(false);
  });
});

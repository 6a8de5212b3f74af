// The Electron main process: one locked-down window, the bridge wired to the
// core, and a clean shutdown. Everything else (store, accounts, sync, the demo
// sandbox) is the core's; this file holds only what needs Electron.
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, type IpcMainInvokeEvent, type Session, type WebContents } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, DataFolderInUse, type Core } from './core';
import { resolveAppFile, contentType } from './core/app-files';
import { CONTENT_SECURITY_POLICY, isExternalLinkAllowed } from './core/security';
import { createDispatcher } from './bridge/dispatcher';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './bridge/channels';
import { documentPrintHandlers } from './bridge/handlers/document';
import { linkHandlers } from './bridge/handlers/links';

/** The renderer is served from app://quotedesk/, never from file:// (whose 'self' is every local file). */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://quotedesk`;

const here = dirname(fileURLToPath(import.meta.url));
/** dist/electron/main.js → dist/renderer and dist/electron/preload.cjs */
export const RENDERER_DIR = join(here, '..', 'renderer');
export const PRELOAD_PATH = join(here, 'preload.cjs');

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;

/** The running core, null before start-up and after shutdown. */
export function runningCore(): Core | null {
  return core;
}

export function isAppUrl(url: string): boolean {
  try {
    // not URL.origin: Node gives 'null' as the origin of any non-web scheme
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'quotedesk';
  } catch {
    return false;
  }
}

/** Only the top frame of our own window, showing our own page, may use the bridge. */
export function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    mainWindow !== null &&
    !mainWindow.isDestroyed() &&
    event.sender === mainWindow.webContents &&
    frame !== null &&
    frame === mainWindow.webContents.mainFrame &&
    isAppUrl(frame.url)
  );
}

export function windowOptions(): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    // the smallest window every screen and dialog is laid out for (test/e2e/layout.e2e.test.ts)
    minWidth: 1024,
    minHeight: 640,
    title: 'quotedesk',
    show: false,
    webPreferences: {
      preload: PRELOAD_PATH,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      devTools: !app.isPackaged,
    },
  };
}

/** Serves the built renderer on app://quotedesk/ with the policy headers. */
async function serveAppFile(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const target = isAppUrl(request.url) ? resolveAppFile(RENDERER_DIR, url.pathname) : null;
  if (!target) return new Response('Not found', { status: 404 });
  try {
    const body = await readFile(target.file);
    return new Response(body, {
      headers: { 'content-type': contentType(target.file), 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

/**
 * The one permission the page gets: writing text to the clipboard (Copy of
 * the signing link), for our own page only. Chromium still asks for a click
 * for it; reading the clipboard stays refused.
 */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

export function lockDownSession(ses: Session): void {
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => callback(isPermissionGranted(permission, details.requestingUrl)));
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) => isPermissionGranted(permission, requestingOrigin));
  ses.setDevicePermissionHandler(() => false);
  ses.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  // the page talks to the main process over IPC only: any web request is refused
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAppUrl(details.url) || details.url.startsWith('devtools://') || details.url.startsWith('data:');
    callback({ cancel: !allowed });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

/** Open an http(s) link in the system browser; anything else goes nowhere. */
function openExternally(url: string): void {
  if (isExternalLinkAllowed(url)) void shell.openExternal(url);
}

export function lockDownContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openExternally(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
}

function createWindow(c: Core): BrowserWindow {
  const win = new BrowserWindow(windowOptions());
  win.removeMenu();
  win.once('ready-to-show', () => win.show());
  // a page that (re)loads starts from the current sync state
  win.webContents.on('did-finish-load', () => {
    for (const e of c.events.snapshot()) win.webContents.send(EVENT_CHANNEL, e.event, e.payload);
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

function focusWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

export async function main(): Promise<void> {
  // a second quotedesk on the same user data would open the same database: hand
  // over to the first, which comes forward. Whatever this lock does not see (the
  // web host, QUOTEDESK_DATA_DIR naming a folder another desk uses) is refused
  // by the data folder's own lock, in createCore.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', focusWindow);
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let closing: Promise<void> | null = null;
  app.on('before-quit', (event) => {
    if (!core) return;
    // close the database and stop sync before the process ends
    event.preventDefault();
    closing ??= core.close().finally(() => {
      core = null;
      app.quit();
    });
  });

  await app.whenReady();
  lockDownSession(session.defaultSession);
  protocol.handle(APP_SCHEME, serveAppFile);

  const dataDir = process.env.QUOTEDESK_DATA_DIR || app.getPath('userData');
  try {
    core = await createCore({
      dataDir,
      systemLocale: app.getLocale(),
      appVersion: app.getVersion(),
      onError: (what, err) => console.error(`[core] ${what} failed:`, err instanceof Error ? err.message : err),
    });
  } catch (err) {
    // another desk (the web host, or an app started with another user data) has this folder: say so and quit (docs/data-lock.md)
    if (!(err instanceof DataFolderInUse)) throw err;
    dialog.showErrorBox('The data folder is in use', err.message);
    app.quit();
    return;
  }
  const c = core;

  // the document prints from this window: its own PDF printing and print dialog (electron/document/print.ts)
  const printing = documentPrintHandlers({
    contents: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null),
    dialog: {
      async choosePath(defaultPath) {
        const options = { defaultPath, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
        const r = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
        return r.canceled || !r.filePath ? null : r.filePath;
      },
    },
    writeFile: (path, data) => writeFile(path, data),
    documentsDir: () => app.getPath('documents'),
  });
  const dispatch = createDispatcher<IpcMainInvokeEvent>({
    // links (the signing page) open in the system browser, checked again there
    handlers: { ...c.handlers, ...linkHandlers((url) => shell.openExternal(url)), ...printing },
    isTrustedSender,
    onError: (op, err) => console.error(`[bridge] ${op} failed:`, err instanceof Error ? err.message : err),
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, op: unknown, input: unknown) => dispatch(event, op, input));
  c.events.subscribe((e) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENT_CHANNEL, e.event, e.payload);
  });

  mainWindow = createWindow(c);
  app.on('activate', () => {
    if (!mainWindow && core) mainWindow = createWindow(core);
  });
}

main().catch((err: unknown) => {
  console.error('quotedesk could not start:', err);
  app.exit(1);
});

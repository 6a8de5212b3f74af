// A stand-in for the 'electron' module at the import boundary: it records what
// main.ts and preload.ts ask of Electron, so the tests can assert every window
// and session setting and drive the handlers main.ts registers.
import { EventEmitter } from 'node:events';

type Fn = (...args: any[]) => any;

export class FakeFrame {
  parent: FakeFrame | null = null;
  constructor(public url: string) {}
}

export class FakeWebContents extends EventEmitter {
  static all: FakeWebContents[] = [];
  mainFrame = new FakeFrame('app://quotedesk/index.html');
  sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: Fn | null = null;
  destroyed = false;
  constructor() {
    super();
    FakeWebContents.all.push(this);
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(h: Fn) {
    this.windowOpenHandler = h;
  }
  printed: unknown[] = [];
  printToPDF(options: unknown) {
    this.printed.push(options);
    return Promise.resolve(Buffer.from('%PDF-1.7 from the window'));
  }
  print(options: unknown, callback: (success: boolean, reason: string) => void) {
    this.printed.push(options);
    callback(true, '');
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static all: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  menuRemoved = false;
  constructor(public options: any) {
    super();
    FakeBrowserWindow.all.push(this);
    fake.app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  removeMenu() {
    this.menuRemoved = true;
  }
  isDestroyed() {
    return false;
  }
  minimized = false;
  focusCalls = 0;
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  focus() {
    this.focusCalls++;
  }
  show() {}
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  gotLock = true;
  quitCalls = 0;
  exitCode: number | null = null;
  userData = '';
  /** what app.getLocale() answers: the system's locale */
  locale = 'en-GB';
  readyResolve!: () => void;
  ready = new Promise<void>((r) => (this.readyResolve = r));
  requestSingleInstanceLock() {
    return this.gotLock;
  }
  whenReady() {
    return this.ready;
  }
  getLocale() {
    return this.locale;
  }
  getVersion() {
    return '0.1.0';
  }
  getPath(name: string) {
    if (name === 'documents') return `${this.userData}/Documents`;
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
    return this.userData;
  }
  quit() {
    this.quitCalls++;
  }
  exit(code: number) {
    this.exitCode = code;
  }
}

function fakeSession() {
  return {
    permissionRequestHandler: null as Fn | null,
    permissionCheckHandler: null as Fn | null,
    devicePermissionHandler: null as Fn | null,
    displayMediaRequestHandler: null as Fn | null,
    beforeRequest: null as Fn | null,
    headersReceived: null as Fn | null,
    setPermissionRequestHandler(h: Fn) {
      this.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h: Fn) {
      this.permissionCheckHandler = h;
    },
    setDevicePermissionHandler(h: Fn) {
      this.devicePermissionHandler = h;
    },
    setDisplayMediaRequestHandler(h: Fn) {
      this.displayMediaRequestHandler = h;
    },
    webRequest: {
      onBeforeRequest(h: Fn) {
        ses.beforeRequest = h;
      },
      onHeadersReceived(h: Fn) {
        ses.headersReceived = h;
      },
    },
  };
}
const ses = fakeSession();

export const fake = {
  app: new FakeApp(),
  session: { defaultSession: ses },
  ipcHandlers: new Map<string, Fn>(),
  openedExternally: [] as string[],
  /** the options of each save dialog shown, and the path the next one answers (null: cancelled) */
  saveDialogs: [] as unknown[],
  saveDialogAnswer: null as string | null,
  /** every dialog.showErrorBox(title, content) */
  errorBoxes: [] as { title: string; content: string }[],
  privilegedSchemes: [] as any[],
  protocolHandlers: new Map<string, Fn>(),
  // preload side
  exposed: new Map<string, any>(),
  rendererListeners: new Map<string, Set<Fn>>(),
  rendererInvoke: null as Fn | null,
};

export const electronModule = {
  app: fake.app,
  BrowserWindow: FakeBrowserWindow,
  session: fake.session,
  ipcMain: {
    handle(channel: string, h: Fn) {
      fake.ipcHandlers.set(channel, h);
    },
  },
  dialog: {
    showErrorBox(title: string, content: string) {
      fake.errorBoxes.push({ title, content });
    },
    showSaveDialog(...args: unknown[]) {
      fake.saveDialogs.push(args.at(-1));
      const filePath = fake.saveDialogAnswer;
      return Promise.resolve(filePath === null ? { canceled: true, filePath: '' } : { canceled: false, filePath });
    },
  },
  shell: {
    openExternal(url: string) {
      fake.openedExternally.push(url);
      return Promise.resolve();
    },
  },
  protocol: {
    registerSchemesAsPrivileged(schemes: any[]) {
      fake.privilegedSchemes.push(...schemes);
    },
    handle(scheme: string, h: Fn) {
      fake.protocolHandlers.set(scheme, h);
    },
  },
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown) {
      fake.exposed.set(key, api);
    },
  },
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]) {
      if (!fake.rendererInvoke) throw new Error('no main process');
      return fake.rendererInvoke(channel, ...args);
    },
    on(channel: string, l: Fn) {
      let set = fake.rendererListeners.get(channel);
      if (!set) fake.rendererListeners.set(channel, (set = new Set()));
      set.add(l);
    },
    removeListener(channel: string, l: Fn) {
      fake.rendererListeners.get(channel)?.delete(l);
    },
  },
};

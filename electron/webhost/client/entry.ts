// The classic script's entry: defines window.quotedesk synchronously, as the
// Electron preload does, before the app's module script runs.
import { installBridge, type PageGlobals } from './bridge-client';

const page = globalThis as unknown as PageGlobals;
Object.defineProperty(page, 'quotedesk', { value: installBridge(page), enumerable: true, writable: false, configurable: false });

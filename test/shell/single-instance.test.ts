// A second quotedesk must not open the same database: without the
// single-instance lock, main.ts quits before creating a window or a core.
import { expect, it, vi } from 'vitest';
import { fake, FakeBrowserWindow } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

it('quits without a window or a core when another instance holds the lock', async () => {
  fake.app.gotLock = false;
  fake.app.readyResolve();
  const main = await import('../../electron/main');
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.app.quitCalls).toBe(1);
  expect(FakeBrowserWindow.all).toHaveLength(0);
  expect(fake.ipcHandlers.size).toBe(0);
  expect(main.runningCore()).toBeNull();
});

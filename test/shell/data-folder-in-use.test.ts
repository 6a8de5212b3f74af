// A quotedesk started on a data folder another desk holds (the web host, or an
// app whose QUOTEDESK_DATA_DIR names the same folder) says so in an error box
// and quits, without a window or a core (docs/data-lock.md).
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { lockDataFolder } from '../../electron/core/data-lock';
import { fake, FakeBrowserWindow } from './fake-electron';
import { until } from '../helpers/until';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'quotedesk-shell-held-')));
const userData = mkdtempSync(join(tmpdir(), 'quotedesk-shell-user-'));
const held = lockDataFolder(dataDir);

afterAll(() => {
  held.release();
  delete process.env.QUOTEDESK_DATA_DIR;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

it('shows why in an error box and quits, without a window or a core, when the data folder is in use', async () => {
  process.env.QUOTEDESK_DATA_DIR = dataDir;
  fake.app.userData = userData;
  const main = await import('../../electron/main');
  fake.app.readyResolve();
  await until(() => fake.app.quitCalls > 0, 'app.quit', 10_000);

  expect(fake.app.quitCalls).toBe(1);
  expect(fake.app.exitCode).toBeNull();
  expect(fake.errorBoxes).toHaveLength(1);
  const [box] = fake.errorBoxes;
  expect(box!.title).toBe('The data folder is in use');
  expect(box!.content).toContain(`the data folder ${dataDir}`);
  expect(box!.content).toMatch(/Close the other quotedesk, or start this one with another data folder: .*QUOTEDESK_DATA_DIR for the app/);
  expect(FakeBrowserWindow.all).toHaveLength(0);
  expect(fake.ipcHandlers.size).toBe(0);
  expect(main.runningCore()).toBeNull();
  // the holder keeps the folder
  expect(() => lockDataFolder(dataDir)).toThrow(/is using the data folder/);
});

// The app's settings file: the draft save interval has a default for files
// written before it existed, and an unreadable value falls back to it.
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppSettings } from '../../electron/core/app-settings';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(content?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-settings-'));
  dirs.push(dir);
  const path = join(dir, 'settings.json');
  if (content) writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('AppSettings: how often a draft goes by itself', () => {
  it('is 10 minutes in a file written before the setting existed', () => {
    const s = new AppSettings(file({ language: 'en', defaultSendmethod: 'mail' }));
    expect(s.get()).toEqual({ language: 'en', defaultSendmethod: 'mail', draftSaveEveryMinutes: 10 });
    expect(s.keptAside).toBeNull();
  });

  it('keeps a value set, and falls back to 10 for one out of bounds', () => {
    const path = file();
    new AppSettings(path).set({ draftSaveEveryMinutes: 30 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ draftSaveEveryMinutes: 30 });
    expect(new AppSettings(path).get().draftSaveEveryMinutes).toBe(30);
    expect(new AppSettings(file({ language: 'nl', draftSaveEveryMinutes: 0 })).get().draftSaveEveryMinutes).toBe(10);
  });
});

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
    expect(s.get()).toEqual({
      language: 'en',
      languagePicked: true,
      defaultSendmethod: 'mail',
      draftSaveEveryMinutes: 10,
      answerWaitSeconds: 120,
      backgroundSharePercent: 10,
    });
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

describe('AppSettings: the language', () => {
  it('is not picked on a first start: null without a system locale (the page follows its browser), the system one with it', () => {
    expect(new AppSettings(file()).get()).toMatchObject({ language: null, languagePicked: false });
    expect(new AppSettings(file(), 'en-US').get()).toMatchObject({ language: 'en', languagePicked: false });
    expect(new AppSettings(file(), 'nl-BE').get()).toMatchObject({ language: 'nl', languagePicked: false });
    expect(new AppSettings(file(), 'de-DE').get()).toMatchObject({ language: 'en', languagePicked: false });
  });

  it('keeps the language picked, whatever the system says', () => {
    const path = file();
    expect(new AppSettings(path, 'en-US').set({ language: 'nl' })).toMatchObject({ language: 'nl', languagePicked: true });
    expect(JSON.parse(readFileSync(path, 'utf8')).language).toBe('nl');
    expect(new AppSettings(path, 'en-US').get()).toMatchObject({ language: 'nl', languagePicked: true });
    // another setting changed later leaves it as picked
    new AppSettings(path, 'en-US').set({ defaultSendmethod: 'mail' });
    expect(new AppSettings(path, 'en-US').get()).toMatchObject({ language: 'nl', languagePicked: true });
  });

  it('counts a file written before this change (language "nl" stored) as picked, and an unreadable language as not picked', () => {
    expect(new AppSettings(file({ language: 'nl' }), 'en-US').get()).toMatchObject({ language: 'nl', languagePicked: true });
    expect(new AppSettings(file({ language: 'fr' }), 'en-US').get()).toMatchObject({ language: 'en', languagePicked: false });
  });
});

describe('AppSettings: the share of the hour background reading may spend', () => {
  it('is 10% in a file written before the setting existed, keeps a value set, and falls back to 10 for one out of bounds', () => {
    expect(new AppSettings(file({ language: 'en' })).get().backgroundSharePercent).toBe(10);
    const path = file();
    new AppSettings(path).set({ backgroundSharePercent: 5 });
    expect(new AppSettings(path).get().backgroundSharePercent).toBe(5);
    expect(new AppSettings(file({ backgroundSharePercent: 90 })).get().backgroundSharePercent).toBe(10);
    expect(new AppSettings(file({ backgroundSharePercent: 'veel' })).get().backgroundSharePercent).toBe(10);
  });
});

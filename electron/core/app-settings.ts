// The app's own preferences (language, default send method, how often a
// draft being edited goes to the service by itself, the longest wait for one
// answer from the service, the share of the hour background reading may
// spend), one small JSON
// file in the data folder, written atomically. A file that cannot be read is
// moved aside (never silently overwritten) and the defaults are used.
//
// The language is "not picked yet" until the person picks one: the file then
// holds none, and the app follows the system's language (the locale the
// main process is given, else the page's browser languages), so a first
// start in an English system is in English. Once picked it is kept.
import { z } from 'zod';
import { ANSWER_WAIT_SECONDS, BACKGROUND_SHARE_PERCENT, DRAFT_SAVE_MINUTES, type Settings } from '../../shared/bridge';
import { languageFromLocales } from '../../shared/language';
import { SENDMETHODS } from '../../shared/schemas';
// the sandbox's atomic JSON writer (temp file, fsync, rename) serves here too
import { DEFAULT_DEADLINE_MS } from '../api/transport';
import { readJsonFile, writeJsonFile } from '../files/json-file';

export const DEFAULT_SETTINGS: Settings = {
  language: null,
  defaultSendmethod: 'email',
  draftSaveEveryMinutes: 10,
  answerWaitSeconds: DEFAULT_DEADLINE_MS / 1000,
  backgroundSharePercent: 10,
};

const fileSchema = z.object({
  // absent or unreadable: not picked yet
  language: z.enum(['nl', 'en']).nullable().catch(null),
  defaultSendmethod: z.enum(SENDMETHODS).catch(DEFAULT_SETTINGS.defaultSendmethod),
  // files written before this setting existed have none: the default
  draftSaveEveryMinutes: z.number().int().min(DRAFT_SAVE_MINUTES.min).max(DRAFT_SAVE_MINUTES.max).catch(DEFAULT_SETTINGS.draftSaveEveryMinutes),
  answerWaitSeconds: z.number().int().min(ANSWER_WAIT_SECONDS.min).max(ANSWER_WAIT_SECONDS.max).catch(DEFAULT_SETTINGS.answerWaitSeconds),
  backgroundSharePercent: z.number().int().min(BACKGROUND_SHARE_PERCENT.min).max(BACKGROUND_SHARE_PERCENT.max).catch(DEFAULT_SETTINGS.backgroundSharePercent),
});

export class AppSettings {
  #current: Settings;
  /** set when the file could not be read and was moved aside */
  readonly keptAside: string | null = null;

  /**
   * `systemLocale`: the system's locale where the host knows it (Electron's
   * `app.getLocale()`); without it a language not picked stays null and the
   * page follows its browser's languages.
   */
  constructor(
    readonly file: string,
    readonly systemLocale?: string | null,
  ) {
    const read = readJsonFile(file, fileSchema);
    this.#current = read.value ?? { ...DEFAULT_SETTINGS };
    this.keptAside = read.keptAside;
  }

  get(): Settings {
    const language = this.#current.language ?? (this.systemLocale ? languageFromLocales([this.systemLocale]) : null);
    return { ...this.#current, language, languagePicked: this.#current.language !== null };
  }

  set(patch: Partial<Settings>): Settings {
    const { languagePicked: _derived, ...given } = patch;
    const next = { ...this.#current, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as Settings;
    writeJsonFile(this.file, next);
    this.#current = next;
    return this.get();
  }
}

// The app's own preferences (language, default send method, how often a
// draft being edited goes to the service by itself), one small JSON
// file in the data folder, written atomically. A file that cannot be read is
// moved aside (never silently overwritten) and the defaults are used.
import { z } from 'zod';
import { DRAFT_SAVE_MINUTES, type Settings } from '../../shared/bridge';
// the sandbox's atomic JSON writer (temp file, fsync, rename) serves here too
import { writeDataFile } from '../sandbox/store';
import { readJsonFile } from './json-file';

export const DEFAULT_SETTINGS: Settings = { language: 'nl', defaultSendmethod: 'email', draftSaveEveryMinutes: 10 };

const fileSchema = z.object({
  language: z.enum(['nl', 'en']).catch(DEFAULT_SETTINGS.language),
  defaultSendmethod: z.enum(['email', 'mail', 'printcenter']).catch(DEFAULT_SETTINGS.defaultSendmethod),
  // files written before this setting existed have none: the default
  draftSaveEveryMinutes: z.number().int().min(DRAFT_SAVE_MINUTES.min).max(DRAFT_SAVE_MINUTES.max).catch(DEFAULT_SETTINGS.draftSaveEveryMinutes),
});

export class AppSettings {
  #current: Settings;
  /** set when the file could not be read and was moved aside */
  readonly keptAside: string | null = null;

  constructor(readonly file: string) {
    const read = readJsonFile(file, fileSchema);
    this.#current = read.value ?? { ...DEFAULT_SETTINGS };
    this.keptAside = read.keptAside;
  }

  get(): Settings {
    return { ...this.#current };
  }

  set(patch: Partial<Settings>): Settings {
    const next = { ...this.#current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as Settings;
    writeDataFile(this.file, next);
    this.#current = next;
    return this.get();
  }
}

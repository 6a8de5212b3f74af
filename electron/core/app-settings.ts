// The app's own preferences (language, default send method, how often a
// draft being edited goes to the service by itself), one small JSON
// file in the data folder, written atomically. A file that cannot be read is
// moved aside (never silently overwritten) and the defaults are used.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { DRAFT_SAVE_MINUTES, type Settings } from '../../shared/bridge';
// the sandbox's atomic JSON writer (temp file, fsync, rename) serves here too
import { writeDataFile } from '../sandbox/store';

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
    if (!existsSync(file)) {
      this.#current = { ...DEFAULT_SETTINGS };
      return;
    }
    try {
      this.#current = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.keptAside = aside;
      this.#current = { ...DEFAULT_SETTINGS };
    }
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

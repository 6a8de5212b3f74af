// Reading one of the app's small JSON files (settings, company details). A
// file that cannot be read, or does not hold what its schema says, is moved
// aside, never overwritten: the app opens with its defaults and the person
// can still recover what the file held.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { z } from 'zod';

export interface ReadJson<T> {
  /** what the file holds; null when there is none or it was moved aside */
  value: T | null;
  /** where an unreadable file was moved, or null */
  keptAside: string | null;
}

export function readJsonFile<S extends z.ZodType>(file: string, schema: S): ReadJson<z.output<S>> {
  if (!existsSync(file)) return { value: null, keptAside: null };
  try {
    return { value: schema.parse(JSON.parse(readFileSync(file, 'utf8'))), keptAside: null };
  } catch {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    return { value: null, keptAside: aside };
  }
}

// The app's small files on disk (settings, company details, the sandbox's
// --data file). Read: a file that cannot be read, or does not hold what its
// schema says, is moved aside, never overwritten: the app opens with its
// defaults and the person can still recover what the file held. Written
// atomically (temp file, fsync, rename), so a crash mid-write leaves the
// previous file whole.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

/** Writes the data as JSON in place of the file, whole or not at all. */
export function writeJsonFile(file: string, data: unknown): void {
  writeFileAtomic(file, JSON.stringify(data));
}

/** Writes the text in place of the file, whole or not at all. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    removeTemp(tmp);
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (err) {
    removeTemp(tmp);
    throw err;
  }
}

function removeTemp(tmp: string): void {
  try {
    unlinkSync(tmp);
  } catch {
    // the temp file may not exist; the original file is untouched either way
  }
}

// The --data file: read once at start, written atomically (temp file, fsync,
// rename) so a crash mid-write leaves the previous file whole. A file that
// cannot be read is reported and never overwritten.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

export class DataFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `The sandbox data file ${file} cannot be used: ${problem}. ` +
        'It was left untouched. Fix it, move it away to start with fresh data, or start the sandbox without --data.',
    );
    this.name = 'DataFileError';
  }
}

/** The parsed JSON of the file, or null when there is no file yet. */
export function readDataFile(file: string): unknown {
  if (!existsSync(file)) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DataFileError(file, `it cannot be read (${(err as Error).message})`);
  }
  if (text.trim() === '') throw new DataFileError(file, 'it is empty');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new DataFileError(file, `it is not valid JSON (${(err as Error).message})`);
  }
}

export function writeDataFile(file: string, data: unknown): void {
  writeDataText(file, JSON.stringify(data));
}

/** Writes the text (JSON already serialised) in place of the file, whole or not at all. */
export function writeDataText(file: string, text: string): void {
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

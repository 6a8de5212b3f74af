// The --data file: read once at start, written atomically after every change
// (electron/files/json-file.ts) so a crash mid-write leaves the previous file
// whole. A file that cannot be read is reported and never overwritten.
import { existsSync, readFileSync } from 'node:fs';

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

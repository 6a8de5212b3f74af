// Command-line numbers, summaries and a clean heap, which the benchmarks share.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** `--name N` from the command line, a whole number of `min` or more. */
export function option(name: string, fallback: number, min = 1): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be a whole number of ${min} or more`);
  return v;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// Exposed at run time, since the benchmarks are started without --expose-gc.
v8.setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Collects the garbage left so far, before a measurement: otherwise one that
 * follows a pull pays for collecting what the pull left behind.
 */
export function settle(): void {
  collect();
}

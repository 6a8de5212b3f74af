// Command-line numbers and summaries the benchmarks share.

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

// What the web host tells of its own process at GET /__control/process: its
// resident memory (now, at its peak, and the part no file backs, from the
// kernel where it tells), V8's and Node's parts of it, and its CPU time. The
// benchmarks read it from the host, and from the floors they compare it with.
import { readFile } from 'node:fs/promises';

/**
 * The process's memory, in bytes: resident (now and at its peak, from the
 * kernel where it tells) and V8's and Node's parts of it; and its CPU time.
 */
export interface ProcessReport {
  pid: number;
  /** VmRSS, else process.memoryUsage's rss */
  rss: number;
  /** VmHWM, the peak resident; null where the kernel does not tell */
  peakRss: number | null;
  /** resident pages not backed by a file (the heaps, SQLite's cache, stacks); null where the kernel does not tell */
  anonymous: number | null;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** CPU time since the process started, user and system, ms */
  cpuMs: number;
}

export async function processReport(): Promise<ProcessReport> {
  const m = process.memoryUsage();
  const cpu = process.cpuUsage();
  const kb = (text: string, field: string): number | null => {
    const hit = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return hit ? Number(hit[1]) * 1024 : null;
  };
  const read = (file: string) => readFile(file, 'utf8').catch(() => '');
  const [status, rollup] = await Promise.all([read('/proc/self/status'), read('/proc/self/smaps_rollup')]);
  return {
    pid: process.pid,
    rss: kb(status, 'VmRSS') ?? m.rss,
    peakRss: kb(status, 'VmHWM'),
    anonymous: kb(rollup, 'Anonymous'),
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const workload = fileURLToPath(new URL('../helpers/heap-workload.ts', import.meta.url));

/** The largest heap V8 reserved for a pull-like workload, in a process of its own (flags are per process). */
function heapOf(args: string[]): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', workload, ...args], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { heapTotalMb: number }).heapTotalMb;
}

describe("the core's heap limits", () => {
  it('keep the heap of a process reading page after page of records near what it holds', () => {
    const usual = heapOf([]);
    const nearLive = heapOf(['--near-live']);
    // measured: about 80 MB against 30 MB
    expect(nearLive).toBeLessThan(usual * 0.6);
  }, 60_000);
});

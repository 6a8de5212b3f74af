// The sandbox in a process of its own for the benchmarks, as the service
// would be, so its work does not land on the measured client's thread.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { InvoicingApi } from '../../electron/api';
import { KEY, USER } from './_account';

export { KEY, USER, authorization } from './_account';

/** Starts `npm run sandbox` with rate limiting off and the given data sizes (and latency, ms); `stop` when done. */
export async function sandboxProcess(counts: {
  clients?: number;
  products?: number;
  quotations?: number;
  latency?: number;
}): Promise<{ url: string; stop: () => void }> {
  const cli = fileURLToPath(new URL('../../electron/sandbox/cli.ts', import.meta.url));
  const args = ['--rate-limit', '0', '--port', '0'];
  for (const [k, v] of Object.entries(counts)) if (v !== undefined) args.push(`--${k}`, String(v));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 120 s; it said: ${out}`)), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${out}`)));
  });
  return { url, stop: () => child.kill() };
}

/** An API client of the benchmarks' account. */
export function benchApi(url: string, pageSize: number): InvoicingApi {
  return new InvoicingApi({ baseUrl: url, credentials: () => ({ username: USER, apiKey: KEY }), pageSize });
}

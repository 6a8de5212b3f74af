// `npm start`: builds what is stale of the renderer, the main process and the
// preload (scripts/build-state.mjs), then runs Electron on the result. With no
// account connected the app opens on demo data served by the sandbox inside
// the main process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildStale, ROOT } from './build-state.mjs';

const require = createRequire(import.meta.url);

const status = buildStale(ROOT);
if (status !== 0) process.exit(status);

let electronBinary;
try {
  // the electron package exports the path of the binary its install step downloaded
  electronBinary = require('electron');
} catch (err) {
  console.error(
    `The Electron binary is not installed (${err instanceof Error ? err.message.split('\n')[0] : err}).\n` +
      'It is downloaded by the electron package on install; on a machine with internet run:\n' +
      '  npx install-electron\n' +
      'Without it, the same app runs in a browser through the web host:\n' +
      '  npm run web',
  );
  process.exit(1);
}

const child = spawn(electronBinary, ['.', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));

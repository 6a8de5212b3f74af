// `npm start`: builds the renderer, the main process and the preload, then
// runs Electron on the result. With no account connected the app opens on
// demo data served by the sandbox inside the main process.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

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

const child = spawn(electronBinary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));

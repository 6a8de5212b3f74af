// npm run sandbox -- [--port N] [--user NAME] [--key KEY] [--clients N]
//   [--products N] [--quotations N] [--rate-limit N] [--data FILE]
//   [--max-count N] [--unpaged quotations,products] [--list-order id|scrambled]
//   (the rest: args.ts USAGE)
// Prints "listening on http://127.0.0.1:PORT/api/v1" and serves until stopped.
import { parseArgs, UsageError, USAGE } from './args';
import { startSandbox, type Sandbox, type SandboxOptions } from './index';

async function main(): Promise<void> {
  let opts: SandboxOptions & { help?: boolean };
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(opts);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  console.log(`listening on ${sandbox.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`Could not stop cleanly: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

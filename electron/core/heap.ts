// How the garbage collector of the process that runs the core sizes its heap.
// What the core keeps alive is small and flat (about 35 MB at 100,000
// clients, measured after a full collection at every point of a first pull),
// but a pull turns over hundreds of megabytes of short-lived page texts and
// records. Left to its defaults, V8 grows its young generation to its largest
// and lets the old one grow to several times what is live before collecting,
// so the process's resident memory peaked near 380 MB for 35 MB of live data
// (docs/scale.md). These two limits keep the heap near what is live, for no
// measurable CPU:
// - the young generation keeps the size it starts with instead of doubling
//   each time much of it survives (a page being written survives a few
//   collections before it is garbage);
// - the old generation may grow to 1.5 times what was live after the last
//   full collection, not up to 4 times.
// Both are read by V8 whenever it sizes the heap, so they work when set at
// run time. Electron starts V8 with its flags left unfrozen for exactly this
// (its main process takes `--js-flags` only on the command line), as does Node.
// The young generation's largest size is read only when V8 starts, and it
// grows to it (32 MB) while the modules load, before these are set: the web
// host is started with --max-semi-space-size=2 (package.json's web script,
// docs/web-host.md).
import v8 from 'node:v8';

export const HEAP_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=50'] as const;

let set = false;

/** Sets HEAP_FLAGS for this process, once. */
export function keepHeapNearLive(): void {
  if (set) return;
  set = true;
  for (const flag of HEAP_FLAGS) v8.setFlagsFromString(flag);
}

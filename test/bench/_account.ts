// The benchmarks' account on the sandbox, in a file of its own with nothing
// else: the floors' process, run without the project's modules, needs it too.
export const USER = 'demo';
export const KEY = 'demo-key';

/** The Basic authorization header of the benchmarks' account. */
export const authorization = `Basic ${Buffer.from(`${USER}:${KEY}`).toString('base64')}`;

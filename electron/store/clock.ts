// Time is passed in so backoff, probes and timestamps are testable without sleeping.
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

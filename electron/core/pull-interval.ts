// How often the background pull may run. A pull costs a request per page of
// every list; at 10,000 clients that is 17 requests, and the budget is 1000
// an hour shared with the person's other tools. The pulls in the background
// keep to `share` of the hourly limit: with 17 requests and 10% of 1000, no
// more often than every 10.2 minutes; with 1000 requests, every 10 hours.

export interface PullIntervalInput {
  /** requests the last pull took; null before the first */
  cost: number | null;
  /** the hourly limit the service reports; null before the first answer */
  limit: number | null;
  /** never more often than this; default 10 minutes */
  minMs?: number;
  /** share of the hourly limit background pulls may use; default 0.1 */
  share?: number;
}

const HOUR = 3_600_000;

export function pullInterval({ cost, limit, minMs = 10 * 60_000, share = 0.1 }: PullIntervalInput): number {
  if (cost === null || limit === null || limit <= 0) return minMs;
  const perHour = Math.max(1e-9, share * limit);
  return Math.max(minMs, Math.ceil((cost / perHour) * HOUR));
}

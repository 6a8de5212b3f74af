// What route handlers share: the account's data, the clock, its rules and
// how lists are paged (the sandbox's state, not a request's context).
import type { SandboxData } from './data';
import type { AccountRules } from './rules';
import type { ListPaging } from './paging';

export interface ServiceState {
  readonly data: SandboxData;
  readonly now: () => Date;
  /** 'http://127.0.0.1:PORT', for links the service hands out (sign_url) */
  readonly origin: () => string;
  readonly seed: number;
  /** the shared schemas with the account's rules */
  readonly rules: AccountRules;
  /** how lists are paged: as specified, capped, or answered whole */
  readonly paging: ListPaging;
}

/** The local calendar date of the sandbox clock, as YYYY-MM-DD. */
export function today(ctx: Pick<ServiceState, 'now'>): string {
  const d = ctx.now();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The account's values for the quotation fields the service fills in itself
// when they are left empty (shared/service-defaults.ts): learned from what
// the service answered, or typed in Settings. Kept in the account's own
// key-value table, so each account (and the demo) has its own.
import type { Connection } from './connection';
import type { KeyValues } from './key-values';
import {
  defaultValue,
  filledByService,
  SERVICE_FILLED,
  type ServiceDefault,
  type ServiceDefaults,
  type ServiceFilledField,
} from '../../shared/service-defaults';

export const SERVICE_DEFAULTS_KEY = 'quotations.serviceDefaults';

export class ServiceDefaultsStore {
  constructor(
    private readonly conn: Connection,
    private readonly keyValues: KeyValues,
  ) {}

  /** What is known; a value stored by an older or damaged version that does not read is left out. */
  all(): ServiceDefaults {
    const stored = this.keyValues.get<Record<string, unknown>>(SERVICE_DEFAULTS_KEY);
    const out: ServiceDefaults = {};
    if (!stored || typeof stored !== 'object') return out;
    for (const field of SERVICE_FILLED) {
      const d = stored[field] as Partial<ServiceDefault> | undefined;
      const value = d ? defaultValue(field, d.value) : null;
      if (value === null || (d!.from !== 'service' && d!.from !== 'settings')) continue;
      out[field] = { value, from: d!.from, at: typeof d!.at === 'number' ? d!.at : 0, ...(d!.blankFilled ? { blankFilled: true } : {}) };
    }
    return out;
  }

  /**
   * A quotation sent as `sent` came back as `read`: a field we left empty and
   * the service filled shows the account's value. The service's answer
   * replaces a value typed in Settings, since it is what the customer gets.
   * Returns whether anything new was learned.
   */
  learn(sent: Record<string, unknown>, read: Record<string, unknown>): boolean {
    const filled = filledByService(sent, read);
    const current = this.all();
    const next: ServiceDefaults = { ...current };
    let changed = false;
    for (const field of SERVICE_FILLED) {
      const f = filled[field];
      if (!f) continue;
      const was = current[field];
      const blankFilled = f.blank || (was?.from === 'service' && was.value === f.value && was.blankFilled === true);
      if (was?.from === 'service' && was.value === f.value && (was.blankFilled ?? false) === blankFilled) continue;
      next[field] = { value: f.value, from: 'service', at: this.conn.now(), ...(blankFilled ? { blankFilled: true } : {}) };
      changed = true;
    }
    if (changed) this.keyValues.set(SERVICE_DEFAULTS_KEY, next);
    return changed;
  }

  /** The person's own statement of a value (null or blank: not known); a value the service showed is replaced only when it differs. */
  set(values: Partial<Record<ServiceFilledField, string | number | null>>): ServiceDefaults {
    const next: ServiceDefaults = { ...this.all() };
    for (const field of SERVICE_FILLED) {
      if (!(field in values)) continue;
      const value = defaultValue(field, values[field]);
      if (value === null) delete next[field];
      else if (next[field]?.value !== value) next[field] = { value, from: 'settings', at: this.conn.now() };
    }
    this.keyValues.set(SERVICE_DEFAULTS_KEY, next);
    return this.all();
  }
}

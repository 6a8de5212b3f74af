// To whom a quotation goes, as the send dialog shows it, and what about it
// is sure to make the service refuse the send.
import type { ClientView, CountryView, SendMethod } from '../../shared/bridge';

export interface Recipient {
  /** the client's local id; null when the quotation has none */
  id: string | null;
  name: string;
  email: string;
  /** the postal address below the name, a line each; empty when there is none */
  address: string[];
  /** a street and a place: enough to post it */
  addressComplete: boolean;
}

export type SendWarning = 'noClient' | 'noEmail' | 'noAddress' | 'noCredits';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

export function recipientOf(c: ClientView | null, countries: readonly CountryView[]): Recipient {
  if (!c) return { id: null, name: '', email: '', address: [], addressComplete: false };
  const f = c.fields;
  const street = str(f.address);
  const city = str(f.city) || c.city.trim();
  const country = typeof f.country === 'number' ? (countries.find((k) => k.id === f.country)?.name ?? '') : str(f.country);
  const place = [str(f.zipcode), city].filter(Boolean).join(' ');
  const address = [street, str(f.address_addon), place, country].filter(Boolean);
  return { id: c.id, name: c.company || c.contact, email: c.email || str(f.email), address, addressComplete: street !== '' && city !== '' };
}

/**
 * What the service is sure to refuse, or null. `creditsRefusedAt`: when the
 * service last answered a print center send with 402 (null: none known).
 */
export function sendWarning(method: SendMethod, r: Recipient, creditsRefusedAt: string | null): SendWarning | null {
  if (r.id === null) return 'noClient';
  if (method === 'email') return r.email === '' ? 'noEmail' : null;
  if (!r.addressComplete) return 'noAddress';
  if (method === 'printcenter' && creditsRefusedAt !== null) return 'noCredits';
  return null;
}

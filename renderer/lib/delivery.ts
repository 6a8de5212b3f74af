// Which document a customer gets for each way of sending, and what of
// quotedesk's document the service's own layout leaves out. The service
// e-mails or posts a document it makes itself, from its own layout and the
// account's details on the service; the person who prints or saves our
// document sends exactly that (docs/sending.md, Which document the customer gets).
import type { CompanyFields, CompanyView, SendMethod } from '../../shared/bridge';

export type DeliveredDocument = 'service' | 'ours';

/** The document the customer gets when the quotation goes out by `method`. */
export function deliveredDocument(method: SendMethod): DeliveredDocument {
  // mail: the person prints and posts it, and the service only records it
  return method === 'mail' ? 'ours' : 'service';
}

/** The parts kept only on this computer that our document shows and the service's layout does not. */
export type LocalOnlyPart = 'logo' | 'details';

const DETAILS: readonly (keyof CompanyFields)[] = ['name', 'street', 'postcode', 'city', 'country', 'vatNumber', 'cocNumber', 'iban', 'email', 'phone'];

export function localOnlyParts(company: CompanyView): LocalOnlyPart[] {
  const parts: LocalOnlyPart[] = [];
  if (company.logo) parts.push('logo');
  if (DETAILS.some((k) => company[k].trim() !== '')) parts.push('details');
  return parts;
}

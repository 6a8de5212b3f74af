// What the document shows, gathered from the quotation open in the editor
// (its draft as typed, its lines and the very totals the editor shows), the
// client's address and the company details; kept up to date by
// renderer/components/quotation-document.ts. Nothing here computes money:
// the totals are the editor's (shared/money.ts through renderer/lib/totals.ts),
// and every amount printed adds up to the cent (docs/money.md).
import { documentFileName, validUntil, type DocumentLanguage } from '../../shared/document';
import { isEmptyLine } from '../../shared/empty-line';
import type { CompanyView, LineView, QuotationView } from '../../shared/bridge';
import type { Totals } from '../../shared/money';
import type { DraftState } from './draft';
import { documentFields, type ShownField } from './shown-fields';
import { priceBasis, type PriceBasis } from './document-sums';

export interface DocumentClient {
  name: string;
  /** the contact person, when the client is a company and wants the contact shown */
  attention: string;
  addressLines: string[];
}

export interface DocumentModel {
  lang: DocumentLanguage;
  currency: string;
  company: CompanyView;
  client: DocumentClient | null;
  /** the public reference printed on the document */
  reference: string;
  referenceLines: string[];
  date: string | null;
  validUntil: string | null;
  /** the header fields printed among the details (the payment terms, …), by the quotation's table */
  fields: ShownField[];
  lines: readonly LineView[];
  totals: Totals | null;
  showTotals: boolean;
  taxType: 'intax' | 'extax';
  /** the client's tax is shifted to the receiver: no tax rows, "VAT reverse-charged" instead (docs/money.md) */
  taxShifted: boolean;
  /** the client's VAT number (taxnumber), printed with "VAT reverse-charged"; '' when it has none */
  clientTaxNumber: string;
  /** how the prices and sums are printed: excl. tax, incl. tax, or with the tax shifted (renderer/lib/document-sums.ts) */
  basis: PriceBasis;
  /** a sum under each heading's group of lines: an option of this document only, off unless chosen */
  headingSubtotals: boolean;
  discountType: 'amount' | 'percentage' | null;
  discountValue: number | null;
  /** the name the PDF is saved under: reference and client */
  fileName: string;
}

const DUTCH = /^(nl|nederland|netherlands|the netherlands|holland)$/i;
const NETHERLANDS = 146;

/** The client's name and address as they go on the document; the country only when it is not the company's own. */
export function documentClient(fields: Record<string, unknown>, countryName: string | null, companyCountry: string): DocumentClient {
  const s = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string).trim() : '');
  const company = s('company');
  const contact = s('contact');
  const showContact = fields.showcontact !== false && fields.showcontact !== 'false';
  const place = [s('zipcode'), s('city')].filter(Boolean).join('  ');
  const country = fields.country;
  const inNL = country === NETHERLANDS || country === String(NETHERLANDS) || DUTCH.test(String(country ?? ''));
  const ours = companyCountry.trim();
  // a company without a country is taken to be Dutch, as the service's users are
  const home = ours === '' || DUTCH.test(ours) ? inNL : countryName !== null && countryName.toLowerCase() === ours.toLowerCase();
  return {
    name: company || contact,
    attention: company && contact && showContact ? contact : '',
    addressLines: [s('address'), s('address_addon'), place, home ? '' : (countryName ?? '')].filter(Boolean),
  };
}

/** What the document is drawn from, besides the company details and the client's fields. */
export interface DocumentSource {
  view: QuotationView;
  draft: DraftState;
  lines: readonly LineView[];
  totals: Totals | null;
  taxType: 'intax' | 'extax';
  taxShifted: boolean;
  lang: DocumentLanguage;
  company: CompanyView;
  /** the client's record, when it could be read */
  clientFields: Record<string, unknown> | null;
  /** the client's country in the document's language */
  countryName: string | null;
  /** the document option: a sum under each heading's group (off when not given) */
  headingSubtotals?: boolean;
}

/** The document's model from the editor's quotation: what useQuotationDocument keeps up to date. */
export function documentModel(src: DocumentSource): DocumentModel {
  const { view: v, draft: d, clientFields: fields } = src;
  const client = fields
    ? documentClient(fields, src.countryName, src.company.country)
    : d.client
      ? { name: d.client.name, attention: '', addressLines: [] }
      : null;
  const taxNumber = fields && typeof fields.taxnumber === 'string' ? fields.taxnumber.trim() : '';
  return {
    lang: src.lang,
    currency: v.currency || 'EUR',
    company: src.company,
    client,
    reference: v.quotationreference,
    referenceLines: [d.reference.line1, d.reference.line2, d.reference.line3].map((l) => l.trim()).filter(Boolean),
    date: d.date,
    validUntil: validUntil(d.date, d.quotationperiod),
    fields: documentFields(d),
    // a line nobody filled in is not on the document, as it is not sent (shared/empty-line.ts)
    lines: src.lines.filter((l) => !isEmptyLine(l)),
    totals: src.totals,
    showTotals: d.showtotals,
    taxType: src.taxType,
    taxShifted: src.taxShifted,
    clientTaxNumber: taxNumber,
    basis: priceBasis(src.taxType, src.taxShifted),
    headingSubtotals: src.headingSubtotals === true,
    discountType: d.discounttype,
    discountValue: d.discount,
    fileName: documentFileName(v.quotationreference, client?.name ?? ''),
  };
}

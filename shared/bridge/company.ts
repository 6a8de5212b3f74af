// The person's company as printed on their documents: the bridge's shape and
// its rules. Kept apart from contract.ts so the document's fields are in one
// place; the contract imports these schemas.
import { z } from 'zod';
import { LOGO_MAX_BYTES, LOGO_TYPES, ibanProblem, type LogoType } from '../document';

const line = (max: number) => z.string().max(max);

/** Every field may be empty: a document prints what is filled in. */
export const companyFields = z
  .object({
    name: line(100),
    street: line(100),
    postcode: line(20),
    city: line(60),
    country: line(60),
    vatNumber: line(30),
    cocNumber: line(30),
    iban: line(42),
    email: line(254),
    phone: line(30),
  })
  .strict();
export type CompanyFields = z.output<typeof companyFields>;

export const EMPTY_COMPANY: CompanyFields = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  country: '',
  vatNumber: '',
  cocNumber: '',
  iban: '',
  email: '',
  phone: '',
};

/** The rules beyond length, with a field and an English message each (the UI shows its own texts beside the field). */
export function companyProblems(c: CompanyFields): { field: keyof CompanyFields; message: string }[] {
  const out: { field: keyof CompanyFields; message: string }[] = [];
  const iban = ibanProblem(c.iban);
  if (iban === 'format') out.push({ field: 'iban', message: 'is not an IBAN: two letters, two digits, then letters and digits (e.g. NL91 ABNA 0417 1643 00)' });
  else if (iban === 'length')
    out.push({ field: 'iban', message: 'has the wrong number of characters for its country; check for a missing or extra character' });
  else if (iban === 'checksum') out.push({ field: 'iban', message: 'does not add up (its check digits do not match); check for a mistyped character' });
  if (c.email.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email.trim())) out.push({ field: 'email', message: 'is not an e-mail address' });
  return out;
}

/** A logo as the renderer sends it: its type and its bytes in base64. */
export const logoUpload = z
  .object({
    type: z.enum(LOGO_TYPES),
    // base64 is 4 characters per 3 bytes; a little room for padding
    dataBase64: z
      .string()
      .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, `is larger than ${LOGO_MAX_BYTES / 1024} KB`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64'),
  })
  .strict();

export interface CompanyView extends CompanyFields {
  /** the logo as a data: URL, ready for an <img>; null when there is none */
  logo: string | null;
  logoType: LogoType | null;
  /** the company file could not be read at start: where it was kept, until the details are saved again */
  unreadableFile: string | null;
}

// The company details printed on documents: one JSON file in the app's data
// folder (company.json), the logo in it as base64, written atomically. Why a
// file of their own and not the database or settings.json: docs/document.md.
// A file that cannot be read is moved aside, never overwritten, and the
// details start empty, so the app always opens and nothing is lost.
import { z } from 'zod';
import { EMPTY_COMPANY, companyFields, companyProblems, type CompanyFields, type CompanyView } from '../../shared/bridge/company';
import { LOGO_MAX_BYTES, LOGO_TYPES, sniffLogoType, type LogoType } from '../../shared/document';
import { HandlerError } from '../errors/handler-error';
import { readJsonFile, writeJsonFile } from '../files/json-file';
import { said } from '../../shared/messages';

const fileSchema = z.object({
  // fields added later are missing from older files: empty, not unreadable
  fields: companyFields.partial().transform((f) => ({ ...EMPTY_COMPANY, ...f })),
  logo: z
    .object({ type: z.enum(LOGO_TYPES), base64: z.string() })
    .nullable()
    .default(null),
});
type CompanyFile = z.output<typeof fileSchema>;

export class CompanyDetails {
  #current: CompanyFile = { fields: { ...EMPTY_COMPANY }, logo: null };
  /** set when the file could not be read and was moved aside */
  readonly keptAside: string | null = null;
  /** told to the person until they save the details again */
  #unreadable: string | null = null;

  constructor(readonly file: string) {
    const read = readJsonFile(file, fileSchema);
    if (read.value) this.#current = read.value;
    this.keptAside = read.keptAside;
    this.#unreadable = read.keptAside;
  }

  get(): CompanyView {
    const { fields, logo } = this.#current;
    return { ...fields, logo: logo ? `data:${logo.type};base64,${logo.base64}` : null, logoType: logo?.type ?? null, unreadableFile: this.#unreadable };
  }

  /** Replaces the fields; refused as a whole (nothing written) when one breaks a rule. */
  setFields(fields: CompanyFields): CompanyView {
    const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as CompanyFields;
    const problems = companyProblems(trimmed);
    if (problems.length > 0) {
      const what = problems.map((p) => `${p.field} ${p.message}`).join('; ');
      throw new HandlerError('validation', said('company.not_saved', { fields: what }), problems);
    }
    this.#write({ ...this.#current, fields: trimmed });
    this.#unreadable = null;
    return this.get();
  }

  /** Takes a logo; refused when it is too large or its bytes are not the image type it claims. */
  setLogo(type: LogoType, base64: string): CompanyView {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0) throw new HandlerError('validation', said('company.logo_empty'), [{ field: 'logo', message: 'is empty' }]);
    if (bytes.length > LOGO_MAX_BYTES) {
      throw new HandlerError('validation', said('company.logo_too_large', { size: Math.ceil(bytes.length / 1024), max: LOGO_MAX_BYTES / 1024 }), [
        { field: 'logo', message: 'is too large' },
      ]);
    }
    const real = sniffLogoType(bytes);
    if (real === null) throw new HandlerError('validation', said('company.logo_not_image'), [{ field: 'logo', message: 'is not an image' }]);
    // the bytes decide, not the name: a .png that is really a JPEG is still shown right
    this.#write({ ...this.#current, logo: { type: real, base64: bytes.toString('base64') } });
    return this.get();
  }

  removeLogo(): CompanyView {
    this.#write({ ...this.#current, logo: null });
    return this.get();
  }

  #write(next: CompanyFile): void {
    writeJsonFile(this.file, next);
    this.#current = next;
  }
}

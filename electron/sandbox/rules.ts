// The shared schemas, plus the rules that need the account's data (known
// clients, countries, categories, profiles, tax rates). They are field-level
// refinements, so one 422 names every failing field at once.
import { z } from 'zod';
import {
  clientInput,
  clientWritable,
  linesFromWire,
  lineInput,
  productInput,
  productWritable,
  quotationContent,
  quotationCreate,
  text,
} from '../../shared/schemas';
import { resolveCountry } from './countries';
import type { SandboxData } from './data';
import { isTextOnly } from './pricing';

export function accountRules(data: SandboxData) {
  const { account } = data;
  const taxes = productWritable.taxes.refine((n) => account.taxRates.includes(n), {
    error: () => `must be a tax rate set in the account: ${account.taxRates.join(', ')}`,
  });
  const category = (field: z.ZodType<number>) =>
    field.refine((n) => n === 0 || account.categories.some((c) => c.id === n), { error: (i) => `no category with id ${String(i.input)}` });

  const client = clientInput.extend({
    country: clientWritable.country
      .refine((v) => resolveCountry(v) !== undefined, { error: (i) => `unknown country "${String(i.input)}"; use an id or a name from /countrylist` })
      .optional(),
    default_category: category(clientWritable.default_category).optional(),
  });

  const productCreate = productInput.extend({
    name: text().refine((s) => s.trim() !== '', 'is required: the name shown on the invoice'),
    taxes: taxes.optional(),
  });
  const productUpdate = productInput.extend({
    name: text()
      .refine((s) => s.trim() !== '', 'cannot be empty: it is the name shown on the invoice')
      .optional(),
    taxes: taxes.optional(),
  });

  const line = lineInput.refine((l) => !isTextOnly(l) || (l.description ?? '').trim() !== '', 'a line needs a description, or an amount and a price');
  const quotation = quotationCreate.safeExtend({
    clientnr: quotationContent.clientnr.refine((n) => data.clients.has(n), {
      error: (i) => `no client with number ${String(i.input)}; create the client first`,
    }),
    profile: quotationContent.profile
      .refine((n) => account.profiles.some((p) => p.id === n), { error: (i) => `no profile with id ${String(i.input)}` })
      .optional(),
    category: category(quotationContent.category).optional(),
    lines: z.preprocess(linesFromWire, z.array(line)).optional(),
  });

  return { client, productCreate, productUpdate, quotation };
}

export type AccountRules = ReturnType<typeof accountRules>;

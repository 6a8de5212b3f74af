// What a new quotation starts with, as Settings reads and sets it
// (shared/quotation-defaults.ts); and the units used before, which the unit
// fields offer (shared/units.ts). Empty text or null: none.
import { z } from 'zod';
import { PAYMENT_CONDITION_MAX, PERIOD_MAX } from '../service-defaults';
import { STANDARD_TEXT_MAX } from '../quotation-defaults';

export const quotationDefaultsInput = z
  .object({
    paymentcondition: z.string().max(PAYMENT_CONDITION_MAX).optional(),
    quotationperiod: z.number().int().min(0).max(PERIOD_MAX).nullable().optional(),
    opening: z.string().max(STANDARD_TEXT_MAX).optional(),
    closing: z.string().max(STANDARD_TEXT_MAX).optional(),
  })
  .strict();

export type { QuotationDefaults } from '../quotation-defaults';

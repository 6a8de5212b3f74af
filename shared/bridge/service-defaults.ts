// The account's values for the fields the service fills in when a quotation
// leaves them empty, as Settings reads and states them
// (shared/service-defaults.ts). Null or empty text: not known.
import { z } from 'zod';
import { PAYMENT_CONDITION_MAX, PERIOD_MAX } from '../service-defaults';

export const serviceDefaultsInput = z
  .object({
    paymentcondition: z.string().max(PAYMENT_CONDITION_MAX).nullable().optional(),
    quotationperiod: z.number().int().min(0).max(PERIOD_MAX).nullable().optional(),
  })
  .strict();

export type { ServiceDefault, ServiceDefaults, ServiceFills, ServiceFilledField } from '../service-defaults';

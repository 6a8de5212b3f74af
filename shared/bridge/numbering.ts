// The numbering scheme as the settings screen reads and sets it, and the
// notices of quotations that took another number (docs/numbering.md). The
// payload is checked for shape here; the pattern's rules are checked by the
// store with shared/numbering.ts, which the screen uses for its own hints.
import { z } from 'zod';
import { NEXT_MAX, type NumberingNotice } from '../numbering';

export const numberingInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('own'), pattern: z.string().max(200), next: z.number().int().min(1).max(NEXT_MAX) }).strict(),
  z.object({ mode: z.literal('service') }).strict(),
]);

export interface NumberingView {
  /** own: our references from `pattern`; service: the service numbers on sending */
  mode: 'own' | 'service';
  /** the pattern, also kept while the service numbers, so switching back finds it */
  pattern: string;
  /** the running number the next quotation gets (before numbers in use are skipped) */
  next: number;
  /** the reference the next quotation gets, numbers in use skipped; null when the service numbers */
  preview: string | null;
}

export type { NumberingNotice };

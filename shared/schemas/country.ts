// Country list entry (wire-format.md: {"id":"146","name":"Nederland"}).
import { z } from 'zod';
import { int, text } from './fields';

export const countryRecord = z.object({ id: int, name: text() });
export type Country = z.output<typeof countryRecord>;

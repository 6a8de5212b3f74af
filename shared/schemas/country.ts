// Country list entry (docs/wire-format.md: {"id":"146","name":"Nederland"}).
import { z } from 'zod';
import { int, text } from '../fields/send';

/** The languages the service gives the country list in (docs/service-api.md, Countries). */
export const COUNTRY_LANGS = ['nl', 'en', 'de', 'fr', 'es'] as const;
export type CountryLang = (typeof COUNTRY_LANGS)[number];

export const countryRecord = z.object({ id: int, name: text() });
export type Country = z.output<typeof countryRecord>;

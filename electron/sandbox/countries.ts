// The country list (GET /countrylist[/{lang}]). Ids 146 (Nederland) and 226
// (United States) are the live service's; the others follow the same
// alphabetical (English) numbering and are stable within the sandbox.

import { COUNTRY_LANGS, type CountryLang } from '../../shared/schemas';

export interface CountryEntry {
  id: number;
  iso: string;
  names: Record<CountryLang, string>;
  aliases?: string[];
}

// [id, iso, nl, en, de, fr, es]
const ROWS: [number, string, string, string, string, string, string][] = [
  [12, 'AW', 'Aruba', 'Aruba', 'Aruba', 'Aruba', 'Aruba'],
  [13, 'AU', 'Australië', 'Australia', 'Australien', 'Australie', 'Australia'],
  [14, 'AT', 'Oostenrijk', 'Austria', 'Österreich', 'Autriche', 'Austria'],
  [21, 'BE', 'België', 'Belgium', 'Belgien', 'Belgique', 'Bélgica'],
  [30, 'BR', 'Brazilië', 'Brazil', 'Brasilien', 'Brésil', 'Brasil'],
  [34, 'BG', 'Bulgarije', 'Bulgaria', 'Bulgarien', 'Bulgarie', 'Bulgaria'],
  [38, 'CA', 'Canada', 'Canada', 'Kanada', 'Canada', 'Canadá'],
  [44, 'CN', 'China', 'China', 'China', 'Chine', 'China'],
  [53, 'HR', 'Kroatië', 'Croatia', 'Kroatien', 'Croatie', 'Croacia'],
  [54, 'CW', 'Curaçao', 'Curaçao', 'Curaçao', 'Curaçao', 'Curazao'],
  [55, 'CY', 'Cyprus', 'Cyprus', 'Zypern', 'Chypre', 'Chipre'],
  [56, 'CZ', 'Tsjechië', 'Czech Republic', 'Tschechien', 'République tchèque', 'República Checa'],
  [57, 'DK', 'Denemarken', 'Denmark', 'Dänemark', 'Danemark', 'Dinamarca'],
  [68, 'EE', 'Estland', 'Estonia', 'Estland', 'Estonie', 'Estonia'],
  [72, 'FI', 'Finland', 'Finland', 'Finnland', 'Finlande', 'Finlandia'],
  [73, 'FR', 'Frankrijk', 'France', 'Frankreich', 'France', 'Francia'],
  [80, 'DE', 'Duitsland', 'Germany', 'Deutschland', 'Allemagne', 'Alemania'],
  [83, 'GR', 'Griekenland', 'Greece', 'Griechenland', 'Grèce', 'Grecia'],
  [97, 'HU', 'Hongarije', 'Hungary', 'Ungarn', 'Hongrie', 'Hungría'],
  [98, 'IS', 'IJsland', 'Iceland', 'Island', 'Islande', 'Islandia'],
  [99, 'IN', 'India', 'India', 'Indien', 'Inde', 'India'],
  [102, 'IE', 'Ierland', 'Ireland', 'Irland', 'Irlande', 'Irlanda'],
  [104, 'IL', 'Israël', 'Israel', 'Israel', 'Israël', 'Israel'],
  [105, 'IT', 'Italië', 'Italy', 'Italien', 'Italie', 'Italia'],
  [107, 'JP', 'Japan', 'Japan', 'Japan', 'Japon', 'Japón'],
  [117, 'LV', 'Letland', 'Latvia', 'Lettland', 'Lettonie', 'Letonia'],
  [123, 'LI', 'Liechtenstein', 'Liechtenstein', 'Liechtenstein', 'Liechtenstein', 'Liechtenstein'],
  [124, 'LT', 'Litouwen', 'Lithuania', 'Litauen', 'Lituanie', 'Lituania'],
  [125, 'LU', 'Luxemburg', 'Luxembourg', 'Luxemburg', 'Luxembourg', 'Luxemburgo'],
  [133, 'MT', 'Malta', 'Malta', 'Malta', 'Malte', 'Malta'],
  [139, 'MX', 'Mexico', 'Mexico', 'Mexiko', 'Mexique', 'México'],
  [144, 'MA', 'Marokko', 'Morocco', 'Marokko', 'Maroc', 'Marruecos'],
  [146, 'NL', 'Nederland', 'Netherlands', 'Niederlande', 'Pays-Bas', 'Países Bajos'],
  [150, 'NZ', 'Nieuw-Zeeland', 'New Zealand', 'Neuseeland', 'Nouvelle-Zélande', 'Nueva Zelanda'],
  [158, 'NO', 'Noorwegen', 'Norway', 'Norwegen', 'Norvège', 'Noruega'],
  [169, 'PL', 'Polen', 'Poland', 'Polen', 'Pologne', 'Polonia'],
  [170, 'PT', 'Portugal', 'Portugal', 'Portugal', 'Portugal', 'Portugal'],
  [175, 'RO', 'Roemenië', 'Romania', 'Rumänien', 'Roumanie', 'Rumanía'],
  [189, 'SG', 'Singapore', 'Singapore', 'Singapur', 'Singapour', 'Singapur'],
  [190, 'SK', 'Slowakije', 'Slovakia', 'Slowakei', 'Slovaquie', 'Eslovaquia'],
  [191, 'SI', 'Slovenië', 'Slovenia', 'Slowenien', 'Slovénie', 'Eslovenia'],
  [194, 'ZA', 'Zuid-Afrika', 'South Africa', 'Südafrika', 'Afrique du Sud', 'Sudáfrica'],
  [195, 'ES', 'Spanje', 'Spain', 'Spanien', 'Espagne', 'España'],
  [203, 'SR', 'Suriname', 'Suriname', 'Suriname', 'Suriname', 'Surinam'],
  [205, 'SE', 'Zweden', 'Sweden', 'Schweden', 'Suède', 'Suecia'],
  [206, 'CH', 'Zwitserland', 'Switzerland', 'Schweiz', 'Suisse', 'Suiza'],
  [215, 'TR', 'Turkije', 'Turkey', 'Türkei', 'Turquie', 'Turquía'],
  [222, 'UA', 'Oekraïne', 'Ukraine', 'Ukraine', 'Ukraine', 'Ucrania'],
  [224, 'AE', 'Verenigde Arabische Emiraten', 'United Arab Emirates', 'Vereinigte Arabische Emirate', 'Émirats arabes unis', 'Emiratos Árabes Unidos'],
  [225, 'GB', 'Verenigd Koninkrijk', 'United Kingdom', 'Vereinigtes Königreich', 'Royaume-Uni', 'Reino Unido'],
  [226, 'US', 'Verenigde Staten', 'United States', 'Vereinigte Staaten', 'États-Unis', 'Estados Unidos'],
];

const ALIASES: Record<string, string[]> = {
  NL: ['Holland', 'The Netherlands', 'Nederlands'],
  GB: ['UK', 'Great Britain', 'England', 'Groot-Brittannië', 'Engeland'],
  US: ['USA', 'United States of America', 'Amerika', 'America', 'Verenigde Staten van Amerika'],
  DE: ['Deutschland'],
  CZ: ['Czechia'],
};

export const COUNTRIES: readonly CountryEntry[] = ROWS.map(([id, iso, nl, en, de, fr, es]) => ({
  id,
  iso,
  names: { nl, en, de, fr, es },
  aliases: ALIASES[iso],
}));

export const DEFAULT_COUNTRY_LANG: CountryLang = 'nl';
export const NETHERLANDS = 146;

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
}

const byId = new Map(COUNTRIES.map((c) => [c.id, c]));
const byName = new Map<string, number>();
for (const c of COUNTRIES) {
  for (const name of [...Object.values(c.names), c.iso, ...(c.aliases ?? [])]) byName.set(fold(name), c.id);
}

export function isCountryLang(lang: string): lang is CountryLang {
  return (COUNTRY_LANGS as readonly string[]).includes(lang);
}

export function countryById(id: number): CountryEntry | undefined {
  return byId.get(id);
}

/** An id, a numeric string, or a name in any supported language (or ISO code); undefined when unknown. */
export function resolveCountry(value: number | string): number | undefined {
  if (typeof value === 'number') return byId.has(value) ? value : undefined;
  const t = value.trim();
  if (/^\d+$/.test(t)) return byId.has(Number(t)) ? Number(t) : undefined;
  return byName.get(fold(t));
}

/** The list sorted by name in that language, as the live list is. */
export function countryList(lang: CountryLang): { id: number; name: string }[] {
  return COUNTRIES.map((c) => ({ id: c.id, name: c.names[lang] })).sort((a, b) => a.name.localeCompare(b.name, lang));
}

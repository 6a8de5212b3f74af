// GET /countrylist and /countrylist/{lang} (docs/wire-format.md): ids as strings.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toWire, type WireObject } from '../../../shared/wire';
import type { ServiceState } from '../service-state';
import { COUNTRY_LANGS, type CountryLang } from '../../../shared/schemas';
import { countryList, DEFAULT_COUNTRY_LANG, isCountryLang } from '../countries';
import { notFound } from '../errors';
import { parsePaging } from '../paging';
import { sendRows, type Kind } from '../respond';
import { resource } from '../routing';

const KIND: Kind = { plural: 'countries', singular: 'country' };

const cache = new Map<CountryLang, WireObject[]>();
function rows(lang: CountryLang): WireObject[] {
  let r = cache.get(lang);
  if (!r) cache.set(lang, (r = countryList(lang).map((c) => toWire(c) as WireObject)));
  return r;
}

// The whole list unless count/start are given: clients expect one call to get every country.
function answer(req: FastifyRequest, reply: FastifyReply, lang: CountryLang) {
  const query = req.query as Record<string, unknown>;
  const all = rows(lang);
  if (query.count === undefined && query.start === undefined) return sendRows(req, reply, KIND, all);
  const { start, count } = parsePaging(query);
  return sendRows(req, reply, KIND, all.slice(start, start + count));
}

export function countryRoutes(app: FastifyInstance, _ctx: ServiceState): void {
  resource(app, '/api/v1/countrylist', { GET: async (req, reply) => answer(req, reply, DEFAULT_COUNTRY_LANG) });
  resource(app, '/api/v1/countrylist/:lang', {
    GET: async (req, reply) => {
      const lang = (req.params as { lang: string }).lang.toLowerCase();
      if (!isCountryLang(lang)) throw notFound(`No country list in language "${lang}". Use one of: ${COUNTRY_LANGS.join(', ')}.`);
      return answer(req, reply, lang);
    },
  });
}

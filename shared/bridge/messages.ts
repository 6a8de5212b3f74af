// Texts for the message keys the bridge itself produces (the API client,
// keychain and account keys live in shared/api-errors.ts). The renderer
// translates `messageKey` with these; `message` is the English fallback.
// {placeholders} are filled from the error's `params`.

import { fillPlaceholders } from '../api-errors';

type Texts = { en: string; nl: string };

export const BRIDGE_MESSAGES = {
  'bridge.invalid_request': {
    en: 'quotedesk could not accept this request ({detail}). Nothing was changed; reload the window and try again, and report it if it keeps happening.',
    nl: 'quotedesk kon dit verzoek niet aannemen ({detail}). Er is niets gewijzigd; laad het venster opnieuw en probeer het nog eens, en meld het als het blijft gebeuren.',
  },
  'bridge.unknown_operation': {
    en: 'quotedesk does not know the operation "{operation}". Nothing was changed; restart quotedesk, and report it if it keeps happening.',
    nl: 'quotedesk kent de bewerking "{operation}" niet. Er is niets gewijzigd; start quotedesk opnieuw en meld het als het blijft gebeuren.',
  },
  'bridge.untrusted_sender': {
    en: 'This request did not come from the quotedesk window and was refused. Nothing was changed.',
    nl: 'Dit verzoek kwam niet uit het venster van quotedesk en is geweigerd. Er is niets gewijzigd.',
  },
  'bridge.host_unreachable': {
    en: 'The page lost its connection to quotedesk ({detail}). Your work is kept; start quotedesk again and reload the page.',
    nl: 'De pagina verloor de verbinding met quotedesk ({detail}). Je werk blijft bewaard; start quotedesk opnieuw en laad de pagina opnieuw.',
  },
  'bridge.internal': {
    en: 'Something went wrong inside quotedesk ({detail}). What you typed is kept; try again, and report it if it keeps happening.',
    nl: 'Er ging iets mis in quotedesk ({detail}). Wat je typte blijft bewaard; probeer het opnieuw en meld het als het blijft gebeuren.',
  },
  'bridge.not_found': {
    en: '{detail}',
    nl: 'Dit record bestaat niet (meer) op deze computer. Vernieuw de lijst en probeer het opnieuw.',
  },
  'bridge.conflict_state': {
    en: '{detail}',
    nl: 'Dit kan niet in de huidige toestand van het record. Er is niets gewijzigd.',
  },
  'bridge.validation': {
    en: '{detail}',
    nl: 'Sommige velden zijn niet geldig. Verbeter ze en probeer het opnieuw.',
  },
  // a client quotations here still show: deleting it would leave them without one
  'bridge.client_in_use.one': {
    en: 'This client is used by 1 quotation on this computer. Delete that quotation or give it another client first; nothing was changed.',
    nl: 'Deze klant wordt gebruikt door 1 offerte op deze computer. Verwijder die offerte of geef haar eerst een andere klant; er is niets gewijzigd.',
  },
  'bridge.client_in_use.other': {
    en: 'This client is used by {count} quotations on this computer. Delete those quotations or give them another client first; nothing was changed.',
    nl: 'Deze klant wordt gebruikt door {count} offertes op deze computer. Verwijder die offertes of geef ze eerst een andere klant; er is niets gewijzigd.',
  },
  'bridge.parked': {
    en: '{detail}',
    nl: 'Deze bewerking wacht op jou: {detail}',
  },
  'bridge.storage': {
    en: '{detail}',
    nl: 'De lokale database kan niet worden gebruikt: {detail}',
  },
} as const satisfies Record<string, Texts>;

export type BridgeMessageKey = keyof typeof BRIDGE_MESSAGES;

/** The text for a key in a language, with {name} placeholders filled in. */
export function formatBridgeMessage(key: BridgeMessageKey, params: Record<string, string | number> = {}, lang: 'en' | 'nl' = 'en'): string {
  return fillPlaceholders(BRIDGE_MESSAGES[key][lang], params);
}

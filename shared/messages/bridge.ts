// The texts of the bridge's own errors and of its handlers' refusals, in
// English and Dutch. Looked up through shared/messages/index.ts.
//
// bridge.not_found, .conflict_state, .validation, .parked and .storage are
// the texts of an error that came with English words and no key of its own
// (an operation parked before the outbox kept its key, or an error raised
// outside the app's code): English shows those words, Dutch says what it can
// in general. Every error the app raises itself has a key of its own.
import type { Texts } from './texts';

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
  // the browser's own words (detail: "Failed to fetch") stay in the params for the log; they are in its language, not the UI's
  'bridge.host_unreachable': {
    en: 'The page lost its connection to quotedesk. Your work is kept; start quotedesk again and reload the page.',
    nl: 'De pagina verloor de verbinding met quotedesk. Je werk blijft bewaard; start quotedesk opnieuw en laad de pagina opnieuw.',
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
    en: 'This client is used by 1 quotation on this computer; delete it or give it another client first. Nothing was changed.',
    nl: 'Deze klant wordt gebruikt door 1 offerte op deze computer. Verwijder die offerte of geef haar eerst een andere klant; er is niets gewijzigd.',
  },
  'bridge.client_in_use.other': {
    en: 'This client is used by {count} quotations on this computer; delete them or give them another client first. Nothing was changed.',
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
  // the errors of the bridge's handlers: each has a text of its own in both languages
  'bridge.nothing_queued': {
    en: 'Nothing was queued for the service; the record may already be up to date.',
    nl: 'Er is niets klaargezet voor de service; het record is misschien al bijgewerkt.',
  },
  'bridge.no_such_operation': {
    en: 'Operation {id} does not exist; refresh the list and try again.',
    nl: 'Bewerking {id} bestaat niet; vernieuw de lijst en probeer het opnieuw.',
  },
  'bridge.no_such_conflict': {
    en: 'Conflict {id} does not exist; refresh the list and try again.',
    nl: 'Conflict {id} bestaat niet; vernieuw de lijst en probeer het opnieuw.',
  },
  'bridge.line_gone': {
    en: 'Line {id} is not on this quotation (any more); reload the quotation.',
    nl: 'Regel {id} staat (niet meer) op deze offerte; laad de offerte opnieuw.',
  },
  'bridge.product_not_in_catalogue': {
    en: 'Product {id} is not in the catalogue on this computer; refresh the products and try again.',
    nl: 'Product {id} staat niet in de productenlijst op deze computer; vernieuw de producten en probeer het opnieuw.',
  },
  'bridge.quotation_not_ready': {
    en: 'This quotation cannot go to the service yet: {fields}. Correct these fields and try again.',
    nl: 'Deze offerte kan nog niet naar de service: {fields}. Verbeter deze velden en probeer het opnieuw.',
  },
  'bridge.quotation_number_unread_save': {
    en: '{fields}. Correct it and save again.',
    nl: '{fields}. Verbeter het en sla opnieuw op.',
  },
  'bridge.quotation_number_unread_send': {
    en: '{fields}. Correct it and send again.',
    nl: '{fields}. Verbeter het en verstuur opnieuw.',
  },
  'bridge.quotation_sent_no_draft': {
    en: 'This quotation has been sent; there is no draft left to save.',
    nl: 'Deze offerte is verstuurd; er is geen concept meer om op te slaan.',
  },
  'bridge.quotation_already_sent': {
    en: 'This quotation has already been sent (or is being sent).',
    nl: 'Deze offerte is al verstuurd (of wordt nu verstuurd).',
  },
  'bridge.template_into_sent': {
    en: 'This quotation has been sent and can no longer be changed; start a new quotation from the template instead.',
    nl: 'Deze offerte is verstuurd en kan niet meer worden gewijzigd; begin in plaats daarvan een nieuwe offerte met de sjabloon.',
  },
  'bridge.client_gone': {
    en: 'That client no longer exists on this computer; choose another client.',
    nl: 'Die klant bestaat niet meer op deze computer; kies een andere klant.',
  },
  'link.invalid': {
    en: 'This is not a web address that can be opened. Copy the link and check it, or ask the service for the quotation again.',
    nl: 'Dit is geen webadres dat kan worden geopend. Kopieer de link en controleer hem, of vraag de offerte opnieuw op bij de service.',
  },
  'link.not_https': {
    en: 'Only https links are opened in the browser; this one is not. Copy it and check where it leads before you pass it on.',
    nl: 'Alleen https-links worden in de browser geopend; deze niet. Kopieer hem en controleer waar hij heen leidt voordat je hem doorgeeft.',
  },
  'link.credentials': {
    en: 'This link carries a user name or password, so it is not opened. Copy it and check it with the service.',
    nl: 'Deze link bevat een gebruikersnaam of wachtwoord en wordt daarom niet geopend. Kopieer hem en controleer hem bij de service.',
  },
  'link.too_long': {
    en: 'This link is longer than {max} characters, so it is not opened. Copy it and check it with the service.',
    nl: 'Deze link is langer dan {max} tekens en wordt daarom niet geopend. Kopieer hem en controleer hem bij de service.',
  },
  'document.window_closed': {
    en: 'The window to print is closed. Open the quotation again and retry.',
    nl: 'Het venster om af te drukken is gesloten. Open de offerte opnieuw en probeer het nog eens.',
  },
  'document.not_printed': {
    en: 'The document was not printed: {reason}. Check the printer and try again.',
    nl: 'Het document is niet afgedrukt: {reason}. Controleer de printer en probeer het opnieuw.',
  },
  'document.no_window': {
    en: "This host has no window to print from. Use the browser's Print (Ctrl+P) and choose Save as PDF.",
    nl: 'Hier is geen venster om vanuit af te drukken. Gebruik Afdrukken van de browser (Ctrl+P) en kies Opslaan als PDF.',
  },
  'company.not_saved': {
    en: 'The company details were not saved: {fields}. Correct the field and save again.',
    nl: 'De bedrijfsgegevens zijn niet opgeslagen: {fields}. Verbeter het veld en sla opnieuw op.',
  },
  'company.logo_empty': {
    en: 'The logo file is empty. Choose a PNG, JPEG or SVG image.',
    nl: 'Het logobestand is leeg. Kies een PNG-, JPEG- of SVG-afbeelding.',
  },
  'company.logo_too_large': {
    en: 'The logo is {size} KB; at most {max} KB fits. Save a smaller version of the image and choose it again.',
    nl: 'Het logo is {size} kB; er past hooguit {max} kB. Sla een kleinere versie van de afbeelding op en kies die opnieuw.',
  },
  'company.logo_not_image': {
    en: 'The logo file is not a PNG, JPEG or SVG image. Choose an image file of one of those types.',
    nl: 'Het logobestand is geen PNG-, JPEG- of SVG-afbeelding. Kies een afbeelding van een van die typen.',
  },
} as const satisfies Record<string, Texts>;

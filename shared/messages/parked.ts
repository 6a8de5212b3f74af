// Why an operation in the outbox waits for the person, in English and Dutch.
// The outbox keeps the key and params of the reason next to its English
// words (shared/outbox.ts, OpError), so the reason is said in the UI's
// language. Looked up through shared/messages/index.ts.
import type { Texts } from './texts';

export const PARKED_MESSAGES = {
  'parked.client.create_invalid': {
    en: 'This client cannot be created until these fields are fixed.',
    nl: 'Deze klant kan pas worden aangemaakt als deze velden kloppen.',
  },
  'parked.client.update_invalid': {
    en: 'This client cannot be updated until these fields are fixed.',
    nl: 'Deze klant kan pas worden bijgewerkt als deze velden kloppen.',
  },
  'parked.client.not_created': {
    en: 'This client does not exist on the service yet; its create was discarded. Discard this change too, or create the client again.',
    nl: 'Deze klant is nooit op de service aangemaakt; het aanmaken is weggegooid. Gooi ook deze wijziging weg, of maak de klant opnieuw aan.',
  },
  'parked.client.has_documents': {
    en: 'This client has documents (quotations or invoices) on the service and cannot be deleted, so it has been kept. Make it inactive instead: that drops this delete and queues the change in one step.',
    nl: 'Deze klant heeft documenten (offertes of facturen) op de service en kan niet worden verwijderd, dus is hij bewaard. Maak hem in plaats daarvan inactief: dat gooit dit verwijderen weg en zet de wijziging in één stap in de wachtrij.',
  },
  'parked.product.create_invalid': {
    en: 'This product cannot be created until these fields are fixed.',
    nl: 'Dit product kan pas worden aangemaakt als deze velden kloppen.',
  },
  'parked.product.update_invalid': {
    en: 'This product cannot be updated until these fields are fixed.',
    nl: 'Dit product kan pas worden bijgewerkt als deze velden kloppen.',
  },
  'parked.product.not_created': {
    en: 'This product does not exist on the service yet; its create was discarded. Discard this change too, or create the product again.',
    nl: 'Dit product is nooit op de service aangemaakt; het aanmaken is weggegooid. Gooi ook deze wijziging weg, of maak het product opnieuw aan.',
  },
  'parked.product.stock_not_number': {
    en: 'The amount in stock cannot be sent until it is a number.',
    nl: 'De voorraad kan pas worden verstuurd als het een getal is.',
  },
  'parked.quotation.client_gone': {
    en: 'The client of this quotation no longer exists; choose another client.',
    nl: 'De klant van deze offerte bestaat niet meer; kies een andere klant.',
  },
  'parked.quotation.save_invalid': {
    en: 'This quotation cannot be saved on the service until these fields are fixed.',
    nl: 'Deze offerte kan pas op de service worden opgeslagen als deze velden kloppen.',
  },
  'parked.quotation.send_invalid': {
    en: 'This quotation cannot be sent until these fields are fixed.',
    nl: 'Deze offerte kan pas worden verstuurd als deze velden kloppen.',
  },
  'parked.quotation.changed_there': {
    en: 'Someone changed this on the service since you did (it is now: {now}). Retry to set yours over it, or discard your change.',
    nl: 'Iemand heeft dit op de service gewijzigd nadat jij het deed (nu: {now}). Probeer opnieuw om het jouwe eroverheen te zetten, of gooi je wijziging weg.',
  },
  'parked.quotation.not_sent': {
    en: 'This quotation has not been sent; send it first, or discard this change.',
    nl: 'Deze offerte is nog niet verstuurd. Verstuur hem eerst, of gooi deze wijziging weg.',
  },
  'parked.unexpected': {
    en: 'Unexpected problem while sending: {detail}',
    nl: 'Onverwacht probleem bij het versturen: {detail}',
  },
  'parked.conflict.deleted.client': {
    en: 'This client was deleted on the service while you changed it here. Choose which version to keep.',
    nl: 'Deze klant is op de service verwijderd terwijl je hem hier wijzigde. Kies welke versie je houdt.',
  },
  'parked.conflict.deleted.product': {
    en: 'This product was deleted on the service while you changed it here. Choose which version to keep.',
    nl: 'Dit product is op de service verwijderd terwijl je het hier wijzigde. Kies welke versie je houdt.',
  },
  'parked.conflict.deleted.quotation': {
    en: 'This quotation was deleted on the service while you changed it here. Choose which version to keep.',
    nl: 'Deze offerte is op de service verwijderd terwijl je hem hier wijzigde. Kies welke versie je houdt.',
  },
  'parked.conflict.changed.client': {
    en: 'This client was changed on the service too, in the same fields ({fields}). Choose which version to keep.',
    nl: 'Deze klant is ook op de service gewijzigd, in dezelfde velden ({fields}). Kies welke versie je houdt.',
  },
  'parked.conflict.changed.product': {
    en: 'This product was changed on the service too, in the same fields ({fields}). Choose which version to keep.',
    nl: 'Dit product is ook op de service gewijzigd, in dezelfde velden ({fields}). Kies welke versie je houdt.',
  },
  'parked.conflict.changed.quotation': {
    en: 'This quotation was changed on the service too, in the same fields ({fields}). Choose which version to keep.',
    nl: 'Deze offerte is ook op de service gewijzigd, in dezelfde velden ({fields}). Kies welke versie je houdt.',
  },
  'parked.quotation.unread': {
    en: "The service's version of this draft holds values quotedesk cannot read ({fields}). Saving it from here would replace them, so it was not saved. Change the draft on the service, or discard this change to keep the service's version.",
    nl: 'De versie van deze offerte op de service bevat waarden die quotedesk niet kan lezen ({fields}). Opslaan vanaf hier zou ze vervangen, dus is er niet opgeslagen. Wijzig de offerte op de service, of gooi deze wijziging weg om de versie van de service te houden.',
  },
  'parked.gave_up': {
    en: 'The service kept answering with errors ({attempts} tries, the last: {last}), so quotedesk stopped trying by itself. Nothing is lost. Retry when the service works again: quotedesk first checks whether an earlier try arrived, so nothing arrives twice.',
    nl: 'De service bleef met fouten antwoorden ({attempts} pogingen, de laatste: {last}), dus quotedesk probeert het niet meer vanzelf. Er gaat niets verloren. Probeer het opnieuw als de service weer werkt: quotedesk kijkt eerst of een eerdere poging is aangekomen, zodat niets dubbel aankomt.',
  },
  'parked.unreadable': {
    en: 'The service answered in a form quotedesk cannot read ({attempts} tries, the last: {detail}), so quotedesk stopped trying by itself. Nothing is lost. What you sent may have arrived: Retry first checks that, so nothing arrives twice. Report it if it keeps happening.',
    nl: 'De service antwoordde in een vorm die quotedesk niet kan lezen ({attempts} pogingen, de laatste: {detail}), dus quotedesk probeert het niet meer vanzelf. Er gaat niets verloren. Wat je stuurde kan zijn aangekomen: Opnieuw proberen kijkt dat eerst na, zodat niets dubbel aankomt. Meld het als het blijft gebeuren.',
  },
} as const satisfies Record<string, Texts>;

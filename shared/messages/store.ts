// The texts of the local database's errors (electron/store) and of the
// numbering rules, in English and Dutch. Looked up through
// shared/messages/index.ts.
import type { Texts } from './texts';

export const STORE_MESSAGES = {
  // a quotation is named by its reference or "draft" (docs/numbering.md); one not here has neither, and its id is no number a person knows
  'store.not_found.quotation': {
    en: 'This quotation does not exist on this computer (any more); refresh the list and try again.',
    nl: 'Deze offerte bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.line': {
    en: 'Quotation line {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Offerteregel {id} bestaat niet (meer) op deze computer; laad de offerte opnieuw en probeer het nog eens.',
  },
  'store.not_found.client': {
    en: 'Client {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Klant {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.product': {
    en: 'Product {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Product {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.template': {
    en: 'Template {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Sjabloon {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.operation': {
    en: 'Outbox entry {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Wachtende bewerking {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.conflict': {
    en: 'Conflict {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Conflict {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.not_found.record': {
    en: 'Record {id} does not exist on this computer; refresh the list and try again.',
    nl: 'Record {id} bestaat niet (meer) op deze computer; vernieuw de lijst en probeer het opnieuw.',
  },
  'store.db.corrupt': {
    en:
      'The local database {path} is damaged and cannot be read ({detail}). It has been left untouched. Quit quotedesk, move that file (and any -wal/-shm file beside it) ' +
      'to a safe place, and start again: quotedesk then creates a fresh database and pulls your data from the service. Keep the moved file: unsent drafts in it can be recovered from it.',
    nl:
      'De lokale database {path} is beschadigd en kan niet worden gelezen ({detail}). Er is niets aan veranderd. Sluit quotedesk, zet dat bestand (en een -wal/-shm-bestand ernaast) ' +
      'op een veilige plek en start opnieuw: quotedesk maakt dan een nieuwe database en haalt je gegevens op bij de service. Bewaar het verplaatste bestand: niet-verstuurde concepten erin zijn eruit terug te halen.',
  },
  'store.db.no_folder': {
    en: 'The folder for the local database ({folder}) does not exist; create it or choose another data folder.',
    nl: 'De map voor de lokale database ({folder}) bestaat niet; maak hem aan of kies een andere gegevensmap.',
  },
  'store.db.is_folder': {
    en: '{path} is a folder, not a database file; choose another data folder.',
    nl: '{path} is een map, geen databasebestand; kies een andere gegevensmap.',
  },
  'store.db.too_new': {
    en: 'The local database {path} was written by a newer version of quotedesk (format {version}; this version reads up to {latest}). Update quotedesk to open it. The file has been left untouched.',
    nl: 'De lokale database {path} is geschreven door een nieuwere versie van quotedesk (formaat {version}; deze versie leest tot en met {latest}). Werk quotedesk bij om hem te openen. Er is niets aan het bestand veranderd.',
  },
  'store.db.locked': {
    en: 'The local database {path} is in use by another quotedesk window or process; close it and try again.',
    nl: 'De lokale database {path} is in gebruik door een ander venster of proces van quotedesk; sluit dat en probeer het opnieuw.',
  },
  'store.patch.not_object': {
    en: 'The {what} change must be an object of field names and values.',
    nl: 'De wijziging ({what}) moet een object met veldnamen en waarden zijn.',
  },
  'store.patch.unknown_field': {
    en: '"{field}" is not a {what} field that can be changed; allowed: {allowed}.',
    nl: '"{field}" is geen veld dat kan worden gewijzigd ({what}); toegestaan: {allowed}.',
  },
  'store.patch.bad_reference': {
    en: 'The {what} field "{field}" must be an object with line1, line2 and line3 texts.',
    nl: 'Het veld "{field}" ({what}) moet een object met de teksten line1, line2 en line3 zijn.',
  },
  'store.patch.bad_value': {
    en: 'The {what} field "{field}" must be text, a number, true/false or empty.',
    nl: 'Het veld "{field}" ({what}) moet tekst, een getal, true/false of leeg zijn.',
  },
  'store.client.deleting': {
    en: 'This client is being deleted and can no longer be changed. Undo the delete in the outbox first.',
    nl: 'Deze klant wordt verwijderd en kan niet meer worden gewijzigd. Maak eerst het verwijderen ongedaan in de wachtrij.',
  },
  'store.product.deleting': {
    en: 'This product is being deleted and can no longer be changed. Undo the delete in the outbox first.',
    nl: 'Dit product wordt verwijderd en kan niet meer worden gewijzigd. Maak eerst het verwijderen ongedaan in de wachtrij.',
  },
  'store.product.unit_too_long': {
    en: "A product's unit can be at most {max} characters; shorten it.",
    nl: 'De eenheid van een product mag hooguit {max} tekens hebben; maak hem korter.',
  },
  'store.quotation.client_gone': {
    en: 'That client no longer exists on this computer; choose another client.',
    nl: 'Die klant bestaat niet meer op deze computer; kies een andere klant.',
  },
  'store.quotation.deleting': {
    en: 'This quotation is being deleted and can no longer be changed.',
    nl: 'Deze offerte wordt verwijderd en kan niet meer worden gewijzigd.',
  },
  'store.quotation.sent': {
    en: 'This quotation has been sent and can no longer be changed; it can still be approved, given a status or deleted.',
    nl: 'Deze offerte is verstuurd en kan niet meer worden gewijzigd; ze kan nog wel worden goedgekeurd, een status krijgen of worden verwijderd.',
  },
  'store.quotation.bad_sendmethod': {
    en: '"{sendmethod}" is not a way to send a quotation; use one of: {allowed}.',
    nl: '"{sendmethod}" is geen manier om een offerte te versturen; gebruik een van: {allowed}.',
  },
  'store.quotation.deleting_not_sent': {
    en: 'This quotation is being deleted and cannot be sent.',
    nl: 'Deze offerte wordt verwijderd en kan niet worden verstuurd.',
  },
  'store.quotation.already_sent': {
    en: 'This quotation has already been sent (or is being sent).',
    nl: 'Deze offerte is al verstuurd (of wordt nu verstuurd).',
  },
  'store.quotation.deleting_approve': {
    en: 'This quotation is being deleted; it cannot be approved.',
    nl: 'Deze offerte wordt verwijderd; ze kan niet worden goedgekeurd.',
  },
  'store.quotation.deleting_unapprove': {
    en: 'This quotation is being deleted; it cannot be unapproved.',
    nl: 'Deze offerte wordt verwijderd; de goedkeuring kan er niet af.',
  },
  'store.quotation.deleting_status': {
    en: 'This quotation is being deleted; it cannot be given a status.',
    nl: 'Deze offerte wordt verwijderd; ze kan geen status krijgen.',
  },
  'store.quotation.approve_unsent': {
    en: 'Only a sent quotation can be approved; send it first.',
    nl: 'Alleen een verstuurde offerte kan worden goedgekeurd; verstuur hem eerst.',
  },
  'store.quotation.unapprove_unsent': {
    en: 'Only a sent quotation can be unapproved; send it first.',
    nl: 'Alleen bij een verstuurde offerte kan de goedkeuring eraf; verstuur hem eerst.',
  },
  'store.quotation.status_unsent': {
    en: 'Only a sent quotation can be given a status; send it first.',
    nl: 'Alleen een verstuurde offerte kan een status krijgen; verstuur hem eerst.',
  },
  'store.quotation.approval_incomplete': {
    en: 'The approval is incomplete: {fields}.',
    nl: 'De goedkeuring is niet volledig: {fields}.',
  },
  'store.quotation.bad_status': {
    en: '"{status}" is not a status; use one of: {allowed}.',
    nl: '"{status}" is geen status; gebruik een van: {allowed}.',
  },
  'store.template.name_required': {
    en: 'The template name is required; type a name you will recognise in the list.',
    nl: 'De sjabloon heeft een naam nodig; typ een naam die je in de lijst herkent.',
  },
  'store.template.name_too_long': {
    en: 'The template name can be at most {max} characters; shorten it.',
    nl: 'De naam van de sjabloon mag hooguit {max} tekens hebben; maak hem korter.',
  },
  'store.template.name_taken': {
    en: 'The template name "{name}" is taken by another template; choose another name, or rename or delete that template first.',
    nl: 'De naam "{name}" heeft al een andere sjabloon; kies een andere naam, of geef die sjabloon eerst een andere naam of verwijder hem.',
  },
  'store.template.lines_gone': {
    en: 'Some of the selected lines are no longer on this quotation; select them again and try again.',
    nl: 'Een paar van de gekozen regels staan niet meer op deze offerte; kies ze opnieuw en probeer het nog eens.',
  },
  'store.template.no_lines_selected': {
    en: 'No lines are selected; select the lines to keep, or save the whole quotation.',
    nl: 'Er zijn geen regels gekozen; kies de regels die je wilt bewaren, of bewaar de hele offerte.',
  },
  'store.template.nothing_to_keep': {
    en: 'This quotation has no lines and nothing else to keep; add lines first.',
    nl: 'Deze offerte heeft geen regels en verder niets om te bewaren; voeg eerst regels toe.',
  },
  'store.template.insert_after_gone': {
    en: 'The line to insert after is no longer on this quotation; choose the place again.',
    nl: 'De regel waarna ingevoegd zou worden staat niet meer op deze offerte; kies de plek opnieuw.',
  },
  'store.template.empty': {
    en: 'The template "{name}" has no lines to insert.',
    nl: 'De sjabloon "{name}" heeft geen regels om in te voegen.',
  },
  'store.outbox.unknown_kind': {
    en: 'Outbox entry {id} has an unknown kind "{kind}"; this database was changed outside quotedesk.',
    nl: 'Wachtende bewerking {id} heeft een onbekende soort "{kind}"; deze database is buiten quotedesk gewijzigd.',
  },
  'store.outbox.in_flight': {
    en: 'Outbox entry {id} is already on its way to the service and cannot be withdrawn; wait for it to finish.',
    nl: 'Bewerking {id} is al onderweg naar de service en kan niet worden teruggetrokken; wacht tot ze klaar is.',
  },
  'store.outbox.not_parked': {
    en: 'Outbox entry {id} is {state}, not parked; only parked entries can be retried.',
    nl: 'Bewerking {id} wacht niet op jou ({state}); alleen bewerkingen die op jou wachten kunnen opnieuw worden geprobeerd.',
  },
  'store.outbox.not_discardable': {
    en: 'This operation is {state}; it can be discarded only while it waits or is parked.',
    nl: 'Deze bewerking is al verder ({state}); ze kan alleen worden weggegooid zolang ze in de wachtrij staat of op jou wacht.',
  },
  'store.outbox.new_client_in_use.one': {
    en: 'This new client is used by 1 quotation; delete or move it first.',
    nl: 'Deze nieuwe klant wordt gebruikt door 1 offerte; verwijder die of geef hem eerst een andere klant.',
  },
  'store.outbox.new_client_in_use.other': {
    en: 'This new client is used by {count} quotations; delete or move them first.',
    nl: 'Deze nieuwe klant wordt gebruikt door {count} offertes; verwijder die of geef ze eerst een andere klant.',
  },
  'store.conflict.choices': {
    en: 'A {kind} conflict can be resolved with: {choices}.',
    nl: 'Een conflict van de soort {kind} kan worden opgelost met: {choices}.',
  },
  'store.conflict.resolved': {
    en: 'This conflict has already been resolved.',
    nl: 'Dit conflict is al opgelost.',
  },
  'store.conflict.client_in_use.one': {
    en: 'This client is used by 1 quotation here; keep your version, or move it to another client first.',
    nl: 'Deze klant wordt hier gebruikt door 1 offerte; houd je eigen versie, of geef die offerte eerst een andere klant.',
  },
  'store.conflict.client_in_use.other': {
    en: 'This client is used by {count} quotations here; keep your version, or move them to another client first.',
    nl: 'Deze klant wordt hier gebruikt door {count} offertes; houd je eigen versie, of geef die offertes eerst een andere klant.',
  },
  // the numbering rules (shared/numbering.ts); literal braces come in as params, so a text never holds an unfilled {name}
  'numbering.pattern.empty': {
    en: 'The numbering pattern is empty; enter one such as {example}.',
    nl: 'Het nummerpatroon is leeg; vul er een in zoals {example}.',
  },
  'numbering.pattern.no_counter': {
    en: 'The numbering pattern has no running number; add a run of # in braces, such as {example}.',
    nl: 'Het nummerpatroon heeft geen volgnummer; voeg een reeks # tussen accolades toe, zoals {example}.',
  },
  'numbering.pattern.two_counters': {
    en: 'The numbering pattern has more than one running number; keep one run of # in braces.',
    nl: 'Het nummerpatroon heeft meer dan één volgnummer; houd één reeks # tussen accolades over.',
  },
  'numbering.pattern.unknown_placeholder': {
    en: 'The numbering pattern has {placeholder}, which is not a placeholder; use {year}, {yy} or a run of # such as {counter}.',
    nl: 'Het nummerpatroon bevat {placeholder}, en dat is geen plaatshouder; gebruik {year}, {yy} of een reeks # zoals {counter}.',
  },
  'numbering.pattern.bad_character': {
    en: 'The numbering pattern holds "{character}"; use letters, digits, spaces and . _ - / only.',
    nl: 'Het nummerpatroon bevat "{character}"; gebruik alleen letters, cijfers, spaties en . _ - /.',
  },
  'numbering.pattern.too_long': {
    en: 'References of this pattern can reach {length} characters, and the service keeps at most {max}; shorten the text or use fewer #.',
    nl: 'Nummers van dit patroon kunnen {length} tekens lang worden, en de service bewaart er hooguit {max}; maak de tekst korter of gebruik minder #.',
  },
  'numbering.next.not_whole': {
    en: 'The next number must be a whole number.',
    nl: 'Het volgende nummer moet een geheel getal zijn.',
  },
  'numbering.next.out_of_range': {
    en: 'The next number must be between 1 and {max}.',
    nl: 'Het volgende nummer moet tussen 1 en {max} liggen.',
  },
  // a write to this computer's disk failed (electron/bridge/storage-errors.ts): it was not saved, and the text says so
  'storage.full': {
    en: 'Not saved: the disk is full. Free some space and try again; what was saved before is safe.',
    nl: 'Niet opgeslagen: de schijf is vol. Maak ruimte vrij en probeer het opnieuw; wat eerder was opgeslagen is veilig.',
  },
  'storage.read_only': {
    en: 'Not saved: quotedesk may not write to its data folder (it is read-only, or its permissions changed). Check the folder and try again; what was saved before is safe.',
    nl: 'Niet opgeslagen: quotedesk mag niet schrijven in zijn gegevensmap (alleen-lezen, of de rechten zijn gewijzigd). Controleer de map en probeer het opnieuw; wat eerder was opgeslagen is veilig.',
  },
  'storage.busy': {
    en: 'Not saved: the data was busy with another change. Try again in a moment.',
    nl: 'Niet opgeslagen: de gegevens waren bezig met een andere wijziging. Probeer het zo opnieuw.',
  },
  'storage.failed': {
    en: 'Not saved: the disk answered with an error. Try again; if it keeps happening, check the disk. What was saved before is safe.',
    nl: 'Niet opgeslagen: de schijf gaf een fout. Probeer het opnieuw; blijft het gebeuren, controleer dan de schijf. Wat eerder was opgeslagen is veilig.',
  },
} as const satisfies Record<string, Texts>;

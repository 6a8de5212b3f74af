// The texts of the service's errors (API client), the keychain's and the
// accounts', in English and Dutch. Looked up through shared/messages/index.ts.
import type { Texts } from './texts';

export const SERVICE_MESSAGES = {
  'api.offline': {
    en: 'Cannot reach the Invoicing Service. Check your internet connection; your work is kept and will be sent when you are back online.',
    nl: 'De service is niet bereikbaar. Controleer je internetverbinding; je werk blijft bewaard en wordt verstuurd zodra je weer online bent.',
  },
  'api.offline.dns': {
    en: 'The address {host} could not be found. Check the service address and your internet connection.',
    nl: 'Het adres {host} is niet gevonden. Controleer het adres van de service en je internetverbinding.',
  },
  'api.network': {
    en: 'The connection to the Invoicing Service was interrupted. Your work is kept; try again in a moment.',
    nl: 'De verbinding met de service werd onderbroken. Je werk blijft bewaard; probeer het zo opnieuw.',
  },
  'api.timeout': {
    en: 'The Invoicing Service did not answer in time. Your work is kept; try again in a moment.',
    nl: 'De service antwoordde niet op tijd. Je werk blijft bewaard; probeer het zo opnieuw.',
  },
  'api.aborted': {
    en: 'The request was cancelled.',
    nl: 'Het verzoek is geannuleerd.',
  },
  'api.unauthorized': {
    en: 'The service did not accept the username and API key: the key is wrong, was deleted, or was made inactive. Check the username, then enter an active API key from the settings of the Invoicing Service.',
    nl: 'De service accepteerde de gebruikersnaam en API-sleutel niet: de sleutel klopt niet, is verwijderd of is inactief gemaakt. Controleer de gebruikersnaam en voer een actieve API-sleutel in uit de instellingen van je account bij de service.',
  },
  'api.unauthorized.inactive': {
    en: 'The API key is inactive. Activate it in the settings of the Invoicing Service, or create a new key and enter it in the account settings.',
    nl: 'De API-sleutel is niet actief. Activeer hem in de instellingen van je account bij de service, of maak een nieuwe sleutel en voer die in bij de accountinstellingen.',
  },
  'api.payment_required': {
    en: 'Not enough credits for this action. Buy credits in your Invoicing Service account, then try again.',
    nl: 'Niet genoeg tegoed voor deze actie. Koop tegoed in je account bij de service en probeer het opnieuw.',
  },
  'api.rate_limited': {
    en: 'The service received too many requests. quotedesk waits and tries again in {seconds} seconds; nothing is lost.',
    nl: 'De service kreeg te veel verzoeken. quotedesk wacht en probeert het over {seconds} seconden opnieuw; er gaat niets verloren.',
  },
  'api.rate_limited.reserve': {
    en: "This hour's requests are almost used up ({remaining} left), and what is left is kept for what you do. Work in the background waits until the allowance renews, in about {minutes} minutes; nothing is lost.",
    nl: 'De verzoeken van dit uur zijn bijna op ({remaining} over), en de rest is bewaard voor wat je zelf doet. Werk op de achtergrond wacht tot er weer verzoeken zijn, over ongeveer {minutes} minuten; er gaat niets verloren.',
  },
  'api.forbidden': {
    en: 'The service refuses requests from your internet address (it is blacklisted for API usage). Contact the support of the Invoicing Service.',
    nl: 'De service weigert verzoeken vanaf je internetadres (het staat op de zwarte lijst voor API-gebruik). Neem contact op met de support van de service.',
  },
  'api.has_documents': {
    en: 'This client has documents such as invoices and cannot be deleted. Make the client inactive instead.',
    nl: 'Deze klant heeft documenten zoals facturen en kan niet worden verwijderd. Maak de klant in plaats daarvan inactief.',
  },
  'api.not_found': {
    en: 'This record does not exist on the service (any more). It may have been deleted elsewhere; refresh the list.',
    nl: 'Dit record bestaat niet (meer) op de service. Misschien is het elders verwijderd; vernieuw de lijst.',
  },
  'api.method_not_allowed': {
    en: 'The service does not offer this operation at this address. Check the service address in the account settings; if it is right, report this problem.',
    nl: 'De service biedt deze bewerking niet aan op dit adres. Controleer het adres van de service in de accountinstellingen; klopt het, meld dan dit probleem.',
  },
  'api.not_acceptable': {
    en: 'The service cannot answer in the format quotedesk asks for (JSON). Check the service address in the account settings.',
    nl: 'De service kan niet antwoorden in het formaat dat quotedesk vraagt (JSON). Controleer het adres van de service in de accountinstellingen.',
  },
  'api.validation': {
    en: 'The service did not accept the data: {fields}. Correct these fields and try again.',
    nl: 'De service accepteerde de gegevens niet: {fields}. Verbeter deze velden en probeer het opnieuw.',
  },
  'api.validation.input': {
    en: 'Some fields are not valid: {fields}. Correct them and try again; nothing was sent.',
    nl: 'Sommige velden zijn niet geldig: {fields}. Verbeter ze en probeer het opnieuw; er is niets verstuurd.',
  },
  'api.server': {
    en: 'The Invoicing Service had an internal error (status {status}). Your work is kept; try again later.',
    nl: 'De service had een interne fout (status {status}). Je werk blijft bewaard; probeer het later opnieuw.',
  },
  'api.gateway': {
    en: 'The Invoicing Service, or a gateway in front of it, answered with an error (status {status}). What you sent may have arrived: quotedesk checks before sending it again, so nothing arrives twice.',
    nl: 'De service, of een gateway ervoor, antwoordde met een fout (status {status}). Wat je stuurde kan zijn aangekomen: quotedesk controleert dat voordat het opnieuw verstuurt, zodat niets dubbel aankomt.',
  },
  'api.unavailable': {
    en: 'The Invoicing Service is unavailable for now (status {status}) and asked to wait {seconds} seconds. quotedesk tries again after that; nothing is lost or sent twice.',
    nl: 'De service is nu niet beschikbaar (status {status}) en vroeg {seconds} seconden te wachten. quotedesk probeert het daarna opnieuw; er gaat niets verloren en niets wordt dubbel verstuurd.',
  },
  'pull.set_aside': {
    en: '{count} records the service holds could not be read, so they were set aside; everything else was read. Your own work is not affected; check those records on the service.',
    nl: '{count} records van de service konden niet worden gelezen en zijn apart gezet; al het andere is gelezen. Je eigen werk blijft zoals het was; controleer die records op de service.',
  },
  'api.bad_response': {
    en: 'The service sent an answer quotedesk cannot read ({detail}). Your work is kept; try again later, and report it if it keeps happening.',
    nl: 'De service stuurde een antwoord dat quotedesk niet kan lezen ({detail}). Je werk blijft bewaard; probeer het later opnieuw en meld het als het blijft gebeuren.',
  },
  'api.too_large': {
    en: 'The service sent an answer larger than quotedesk reads ({megabytes} MB), so it was not read. Your work is kept; report it if it keeps happening.',
    nl: 'De service stuurde een antwoord dat groter is dan quotedesk leest ({megabytes} MB), dus het is niet gelezen. Je werk blijft bewaard; meld het als het blijft gebeuren.',
  },
  'api.login_page': {
    en: 'This network shows a login page instead of the Invoicing Service (as the Wi-Fi of a hotel, a train or a guest network does). Open a web page in your browser and sign in to the network; quotedesk then goes on by itself and first checks whether anything you sent arrived. Your work is kept.',
    nl: 'Dit netwerk toont een inlogpagina in plaats van de service (zoals de wifi van een hotel, een trein of een gastennetwerk doet). Open een webpagina in je browser en log in op het netwerk; quotedesk gaat daarna vanzelf verder en kijkt eerst of iets wat je stuurde al is aangekomen. Je werk blijft bewaard.',
  },
  'api.list_incomplete': {
    en: 'The service did not give its whole list of {list}, so quotedesk cannot tell yet whether the earlier attempt reached it. Nothing is sent again until it can; it looks again later.',
    nl: 'De service gaf niet zijn hele lijst met {list}, dus quotedesk kan nog niet zien of de eerdere poging is aangekomen. Er wordt niets opnieuw verstuurd tot dat wel kan; quotedesk kijkt later opnieuw.',
  },
  'api.unexpected_status': {
    en: 'The service answered with an unexpected status {status}. Your work is kept; try again later, and report it if it keeps happening.',
    nl: 'De service antwoordde met een onverwachte status {status}. Je werk blijft bewaard; probeer het later opnieuw en meld het als het blijft gebeuren.',
  },
  'api.insecure_url': {
    en: 'The service address must start with https://. Plain http:// is only allowed for a test service on this computer, by its address (127.0.0.1).',
    nl: 'Het adres van de service moet beginnen met https://. Gewoon http:// mag alleen voor een testservice op deze computer, met zijn adres (127.0.0.1).',
  },
  'api.invalid_url': {
    en: 'The service address is not a valid web address. Enter it like https://example.com/api/v1.',
    nl: 'Het adres van de service is geen geldig webadres. Voer het in zoals https://example.com/api/v1.',
  },
  'api.wrong_address': {
    en: 'No Invoicing Service API answered at this address. Check that the address is right and ends with /api/v1.',
    nl: 'Op dit adres antwoordde de API van de service niet. Controleer of het adres klopt en eindigt op /api/v1.',
  },
  'keychain.unavailable': {
    en: 'No OS keychain is available (tried {attempts}× over {seconds} s), and quotedesk never stores the API key in plain text. On Linux, install and start a Secret Service such as gnome-keyring or KeePassXC (for example: sudo apt install gnome-keyring), log in again, and retry.',
    nl: 'Er is geen sleutelhanger van het besturingssysteem beschikbaar ({attempts}× geprobeerd in {seconds} s), en quotedesk bewaart de API-sleutel nooit als leesbare tekst. Installeer en start op Linux een Secret Service zoals gnome-keyring of KeePassXC (bijvoorbeeld: sudo apt install gnome-keyring), log opnieuw in en probeer het nog eens.',
  },
  'keychain.not_loaded': {
    en: 'The part of quotedesk that talks to the OS keychain could not be loaded, and quotedesk never stores the API key in plain text. On Linux, install libsecret and a Secret Service such as gnome-keyring (for example: sudo apt install libsecret-1-0 gnome-keyring), log in again, and retry; otherwise reinstall quotedesk.',
    nl: 'Het deel van quotedesk dat met de sleutelhanger van het besturingssysteem praat kon niet worden geladen, en quotedesk bewaart de API-sleutel nooit als leesbare tekst. Installeer op Linux libsecret en een Secret Service zoals gnome-keyring (bijvoorbeeld: sudo apt install libsecret-1-0 gnome-keyring), log opnieuw in en probeer het nog eens; installeer anders quotedesk opnieuw.',
  },
  'keychain.locked': {
    en: 'The keychain is locked or has no default keyring. Unlock it (or create the default "login" keyring) in your keyring manager, such as Passwords and Keys, and retry.',
    nl: 'De sleutelhanger is vergrendeld of heeft geen standaardsleutelbos. Ontgrendel hem (of maak het standaardsleutelbos "login" aan) in je sleutelbeheer, zoals Wachtwoorden en sleutels, en probeer het opnieuw.',
  },
  'keychain.failed': {
    en: 'The keychain reported an error ({detail}). Make sure it is running and unlocked, then retry.',
    nl: 'De sleutelhanger meldde een fout ({detail}). Zorg dat hij draait en ontgrendeld is en probeer het opnieuw.',
  },
  'account.unknown': {
    en: 'This account is not set up in quotedesk (any more). Connect it again.',
    nl: 'Dit account is (niet meer) ingesteld in quotedesk. Verbind het opnieuw.',
  },
  'account.needs_key': {
    en: 'The API key of {account} no longer works (deleted or made inactive on the service). Enter a new API key; nothing stored on this computer is lost.',
    nl: 'De API-sleutel van {account} werkt niet meer (verwijderd of inactief gemaakt op de service). Voer een nieuwe API-sleutel in; er gaat niets verloren van wat op deze computer staat.',
  },
  'account.unreachable': {
    en: 'The service at {host} cannot be reached, so the API key could not be checked and nothing was stored. Check the address and the internet connection, then connect again.',
    nl: 'De service op {host} is niet bereikbaar, dus de API-sleutel kon niet worden gecontroleerd en er is niets bewaard. Controleer het adres en de internetverbinding en koppel daarna opnieuw.',
  },
  'account.key_missing': {
    en: "The API key of {account} is not in this computer's keychain, so nothing was sent to the service. Enter the key again in Settings; nothing stored on this computer is lost.",
    nl: 'De API-sleutel van {account} staat niet in de sleutelhanger van deze computer, dus er is niets naar de service gestuurd. Voer de sleutel opnieuw in bij Instellingen; er gaat niets verloren van wat op deze computer staat.',
  },
  'account.input': {
    en: 'Fill in {field}.',
    nl: 'Vul {field} in.',
  },
  'account.settings_corrupt': {
    en: 'The account settings file could not be read and was kept aside as {path}. Connect your accounts again; the API keys are still in the keychain.',
    nl: 'Het bestand met accountinstellingen kon niet worden gelezen en is apart gezet als {path}. Verbind je accounts opnieuw; de API-sleutels staan nog in de sleutelhanger.',
  },
  'account.settings_io': {
    en: 'The account settings could not be saved to {path} ({detail}). Check that the disk is not full and the folder is writable, then retry.',
    nl: 'De accountinstellingen konden niet worden opgeslagen in {path} ({detail}). Controleer of de schijf niet vol is en de map beschrijfbaar is en probeer het opnieuw.',
  },
} as const satisfies Record<string, Texts>;

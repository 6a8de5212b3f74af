// How the layout profile field names "leave it to the service's default".
// The service's own default profile is usually called "Standaard" or
// "Default" (in the account's language, whatever the page speaks), and
// "Standaard (Standaard)" says the same word twice: such a name is shown
// alone, any other with the word for default beside it ("Modern (standaard)").
import { fold } from '../../shared/fold';

/** Names that already say "default", in the languages the service names its profiles in. */
const SAYS_DEFAULT = new Set(['standaard', 'default', 'standard', 'standaardprofiel', 'default profile']);

export function defaultProfileText(name: string | null, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (name === null || name.trim() === '') return t('documentOptions.profileDefaultUnnamed');
  return SAYS_DEFAULT.has(fold(name.trim())) ? name.trim() : t('documentOptions.profileDefault', { name: name.trim() });
}

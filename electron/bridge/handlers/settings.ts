// The app's settings a person picks on the Settings screen (language, default
// send method, how often a draft goes by itself): not an account's.
import type { Handlers } from '../dispatcher';
import type { BridgeContext } from './context';

type SettingsHandlers = Pick<Handlers, 'settings.get' | 'settings.set'>;

export function settingsHandlers(ctx: BridgeContext): SettingsHandlers {
  return {
    'settings.get': () => ctx.settings.get(),
    'settings.set': (patch) => ctx.settings.set(patch),
  };
}

// Opens a link outside the app through the bridge: in Electron the main
// process hands it to the system browser; the web host answers that the page
// opens it, which it then does in a new tab that cannot reach back to us.
import { defineStore } from 'pinia';
import { call } from '../bridge';

export const useLinksStore = defineStore('links', () => {
  async function open(url: string): Promise<void> {
    const r = await call('links.open', { url });
    if (r.openIn === 'page') window.open(r.url, '_blank', 'noopener,noreferrer');
  }

  return { open };
});

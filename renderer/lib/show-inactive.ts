// Whether the client list shows inactive clients. Off at first: a client
// made inactive is one the person no longer quotes for. Turned on, it stays
// on, kept in the page's own storage like the language (remembered-language.ts).
const KEY = 'quotedesk.clients.showInactive';

export function showInactiveRemembered(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(KEY) === 'true';
  } catch {
    // storage refused (a locked-down profile): the default
    return false;
  }
}

export function rememberShowInactive(on: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, String(on));
  } catch {
    // not kept: the list still shows what was chosen until the page is reloaded
  }
}

// Case- and accent-insensitive text, for searching what a person typed
// ("cafe" finds "Café"): decomposed, marks removed, lower case. The same
// folding as the clients' search in the main process (electron/store/search.ts),
// here for the renderer, which searches the quotation list in memory.
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// What the renderer gets of the service's profiles and categories (the
// editor's pickers), as the main process keeps them (electron/store/document-lists.ts).

export interface DocumentListView {
  /** unknown: not read yet (never online); unavailable: the service does not offer the list */
  state: 'unknown' | 'available' | 'unavailable';
  /** in the service's order; when unavailable, what was kept before, to name an earlier choice (not to offer) */
  items: DocumentListItem[];
}

export interface DocumentListItem {
  id: number;
  name: string;
  /** the profile the service uses when a quotation names none */
  isDefault: boolean;
}

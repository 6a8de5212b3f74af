/** One message of the catalogue: the same text in each language the UI speaks, with the same {placeholders}. */
export type Texts = { readonly en: string; readonly nl: string };

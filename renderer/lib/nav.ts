// Where the app is, as a hash (#/quotations/ID) so it works when Electron
// loads the renderer from a file and survives a reload.
export type Route =
  | { name: 'quotations' }
  // preview: the quotation as a document (the editor stays open behind it)
  | { name: 'quotation'; id: string; preview?: boolean }
  | { name: 'clients' }
  | { name: 'client'; id: string }
  | { name: 'products' }
  // a product's editor; id 'new' for one not made yet
  | { name: 'product'; id: string }
  // sent quotations that wait for an answer
  | { name: 'followup' }
  // groups of lines kept on this computer
  | { name: 'templates' }
  | { name: 'settings' };

export function routeFromHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [section, id, pane] = parts;
  if (section === 'quotations' && id && pane === 'preview') return { name: 'quotation', id, preview: true };
  if (section === 'quotations' && id) return { name: 'quotation', id };
  if (section === 'clients' && id) return { name: 'client', id };
  if (section === 'clients') return { name: 'clients' };
  if (section === 'products' && id) return { name: 'product', id };
  if (section === 'products') return { name: 'products' };
  if (section === 'followup') return { name: 'followup' };
  if (section === 'templates') return { name: 'templates' };
  if (section === 'settings') return { name: 'settings' };
  return { name: 'quotations' };
}

export function hashFromRoute(route: Route): string {
  switch (route.name) {
    case 'quotation':
      return `#/quotations/${encodeURIComponent(route.id)}${route.preview ? '/preview' : ''}`;
    case 'client':
      return `#/clients/${encodeURIComponent(route.id)}`;
    case 'product':
      return `#/products/${encodeURIComponent(route.id)}`;
    default:
      return `#/${route.name}`;
  }
}

/** Which section of the navigation a route belongs to. */
export function sectionOf(route: Route): 'quotations' | 'followup' | 'clients' | 'products' | 'templates' | 'settings' {
  if (route.name === 'quotation') return 'quotations';
  if (route.name === 'client') return 'clients';
  if (route.name === 'product') return 'products';
  return route.name;
}

// Plain `tsc -b` sees .vue imports through this; vue-tsc reads the files themselves.
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

interface Window {
  quotedesk?: import('../shared/bridge').QuotedeskBridge;
}

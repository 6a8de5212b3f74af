// zod compiles fast parsers with `new Function`, which the page's CSP forbids
// (and reports even when zod catches the refusal). Imported before anything
// that builds a schema.
import { config } from 'zod';

config({ jitless: true });

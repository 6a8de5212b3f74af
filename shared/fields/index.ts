// Each kind of record's fields, declared once (docs/fields.md): the tables,
// the builders they are written with, and what derives from them. The value
// types the builders use (send.ts, read.ts, cheap.ts) are exported through
// shared/schemas, where the record schemas are made from the tables.
export * from './field';
export * from './builders';
export * from './derive';
export { fieldsOf, fieldsAt } from './table';
export * from './quotation';
export * from './line';
export * from './client';
export * from './product';

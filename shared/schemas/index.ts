export * from '../fields/send';
export type { Reference } from '../fields/builders';
export * from './client';
export * from './product';
export * from './quotation';
export * from './country';
export * from '../fields/cheap';
export * from './document-lists';
export * from '../fields/read';

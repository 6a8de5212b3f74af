export * from './fields';
export * from './client';
export * from './product';
export * from './quotation';
export * from './country';
export * from './cheap';
export * from './document-lists';
export * from './read';

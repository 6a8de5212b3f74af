export * from './contract';
export * from './views';
export * from './errors';
export * from './company';
export * from './document-lists';
export * from './numbering';
export * from './quotation-list';
export * from './templates';

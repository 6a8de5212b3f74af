export * from './contract';
export * from './views';
export * from './errors';

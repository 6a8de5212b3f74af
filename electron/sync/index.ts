export { SyncEngine } from './engine';
export type { SyncEngineOptions, FlushResult, Timers } from './engine';
export { Connectivity } from './connectivity';
export { pull } from './pull';
export { mergeClient, draftUnchanged } from './merge';

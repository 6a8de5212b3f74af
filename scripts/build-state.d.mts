// Types of scripts/build-state.mjs, for the TypeScript that imports it.
export declare const ROOT: string;
export declare const PARTS: readonly ['renderer', 'main', 'preload'];
export type Part = (typeof PARTS)[number];
export declare const PART_FILES: Record<Part, { sources: string[]; outputs: string[] }>;
export declare function staleParts(root: string, parts?: readonly Part[]): Part[];
export declare function markBuilt(root: string, part: Part, startedAt: number): void;
export declare function buildStale(root: string, parts?: readonly Part[]): number;

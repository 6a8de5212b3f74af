// Cheap paths: for a field schema, a plain function that reads the common
// wire form of a value (e.g. "30" for a whole number) and gives exactly what
// the schema would give, or NOT_CHEAP when it cannot tell, so the schema
// decides. Reading thousands of records this way keeps zod's full machinery
// for the unusual values only. Each cheap path sits next to its schema in
// send.ts or read.ts and uses the same predicates; tests check they agree.
import type { z } from 'zod';

export const NOT_CHEAP: unique symbol = Symbol('not cheap');
export type CheapPath = (v: unknown) => unknown;

const paths = new WeakMap<z.ZodType, CheapPath>();

/** Registers a schema's cheap path and returns the schema. */
export function withCheapPath<T extends z.ZodType>(schema: T, path: CheapPath): T {
  paths.set(schema, path);
  return schema;
}

export function cheapPathOf(schema: z.ZodType): CheapPath | undefined {
  return paths.get(schema);
}

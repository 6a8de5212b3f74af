// Profiles (the layouts the service prints a quotation with) and categories.
// The spec names both on a quotation but shows neither list; public clients
// read GET /profiles and /categories, answered as every list is (a bare
// array, every scalar a string). At least `id` and `name`; other fields are
// accepted and dropped. docs/service-api.md says what else is assumed.
import { z } from 'zod';
import { bool, int, text } from '../fields/send';

const listId = int.refine((n) => n > 0, 'must be a positive id');

/** `default` is assumed: the one the service uses when a quotation names none. */
export const profileRecord = z.object({ id: listId, name: text(), default: bool.optional() });
export type Profile = z.output<typeof profileRecord>;

export const categoryRecord = z.object({ id: listId, name: text() });
export type Category = z.output<typeof categoryRecord>;

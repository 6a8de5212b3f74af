// Client (contact), docs/service-api.md, Clients, made from its field table
// (shared/fields/client.ts; docs/fields.md).
import { z } from 'zod';
import { settleUnread, type ReadExtras } from '../fields/read';
import { recordShape, requiredMask, sendShape } from '../fields/derive';
import { CLIENT_TABLE } from '../fields/client';

export { COLLECTTYPES, DOCLANGS, PAYMENTMETHODS, SENDMETHODS, TAX_TYPES, type SendMethod } from '../fields/client';

/** Attributes a client may set on create and update. */
export const clientWritable = sendShape(CLIENT_TABLE);

/** A create or update body: every attribute optional; read-only and unknown keys are dropped. */
export const clientInput = z.object(clientWritable).partial();
export type ClientInput = z.output<typeof clientInput>;

/**
 * A client as the service returns it, coerced from the wire and read
 * leniently (shared/fields/read.ts): the limits above are for what we send.
 */
export const clientRecord = z.object(recordShape(CLIENT_TABLE)).partial().required(requiredMask(CLIENT_TABLE)).overwrite(settleUnread);
export type Client = z.output<typeof clientRecord> & ReadExtras;

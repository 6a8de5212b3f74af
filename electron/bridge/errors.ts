// Turns whatever a handler threw into the plain error shape that crosses the
// bridge. Only the fields listed in SerializedError leave the main process: no
// stack, no cause chain, no request details.
import type { z } from 'zod';
import { fieldErrorsFromZod, describeFieldErrors, type FieldError } from '../../shared/field-errors';
import { isSerializedError } from '../../shared/api-errors';
import { formatMessage, isMessageKey, type MessageKey, type MessageParams } from '../../shared/messages';
import type { SerializedError } from '../../shared/bridge';
import { storageKey, storageProblem } from './storage-errors';
import { HandlerError } from '../errors/handler-error';

export function bridgeError(key: MessageKey, kind: string, params: MessageParams, fieldErrors?: FieldError[]): SerializedError {
  const e: SerializedError = { kind, messageKey: key, message: formatMessage(key, params), params };
  if (fieldErrors && fieldErrors.length > 0) e.fieldErrors = fieldErrors;
  return e;
}

export function invalidRequest(op: string, error: z.ZodError): SerializedError {
  const fieldErrors = fieldErrorsFromZod(error);
  return bridgeError('bridge.invalid_request', 'invalid_request', { operation: op, detail: `${op}: ${clip(describeFieldErrors(fieldErrors))}` }, fieldErrors);
}

// The store's error codes, as the kinds the UI knows, with the general text
// for a store error given words and no key of its own.
const STORE_KINDS: Record<string, { kind: string; key: MessageKey }> = {
  not_found: { kind: 'not_found', key: 'bridge.not_found' },
  not_allowed: { kind: 'conflict_state', key: 'bridge.conflict_state' },
  invalid: { kind: 'validation', key: 'bridge.validation' },
  corrupt: { kind: 'storage', key: 'bridge.storage' },
  too_new: { kind: 'storage', key: 'bridge.storage' },
  locked: { kind: 'storage', key: 'bridge.storage' },
};

export function serializeError(err: unknown): SerializedError {
  if (err instanceof HandlerError) {
    if (err.key) return bridgeError(err.key, err.kind, { ...err.params }, err.fieldErrors);
    return bridgeError(`bridge.${err.kind}`, err.kind, { detail: err.message }, err.fieldErrors);
  }
  // API client, keychain and account errors carry their own serialized form
  const own = typeof (err as { toJSON?: unknown })?.toJSON === 'function' ? (err as { toJSON(): unknown }).toJSON() : err;
  if (isSerializedError(own)) {
    const e: SerializedError = { kind: own.kind, messageKey: own.messageKey, message: own.message, params: { ...own.params } };
    if (own.fieldErrors && own.fieldErrors.length > 0) e.fieldErrors = own.fieldErrors.map((f) => ({ field: f.field, message: f.message }));
    return e;
  }
  if (err instanceof Error && err.name === 'StoreError') {
    const code = String((err as { code?: unknown }).code);
    const mapped = STORE_KINDS[code] ?? { kind: 'storage', key: 'bridge.storage' as const };
    const fieldErrors = (err as { fieldErrors?: FieldError[] }).fieldErrors;
    // a store error says its text by key, in both languages (an unknown key falls back to the kind's text)
    const own = (err as { key?: string }).key;
    if (own && isMessageKey(own)) return bridgeError(own, mapped.kind, { ...(err as { params?: MessageParams }).params }, fieldErrors);
    return bridgeError(mapped.key, mapped.kind, { detail: err.message }, fieldErrors);
  }
  // the disk refused a write: said as such, never with SQLite's words or a file's path
  const storage = storageProblem(err);
  if (storage) return bridgeError(storageKey(storage), 'storage', {});
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return bridgeError('bridge.internal', 'internal', { detail: clip(detail) });
}

function clip(s: string): string {
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

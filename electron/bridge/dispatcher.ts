// One entry point for every bridge call, whatever the transport (Electron IPC
// or the web host's loopback socket): check the sender, check that the
// operation exists, validate the payload against the contract's schema, run
// the handler, and answer with a result or a serialized error. Nothing reaches
// a handler unvalidated, and nothing is thrown back at the transport.
import type { z } from 'zod';
import { operations, type BridgeResult, type OperationName, type OperationResults } from '../../shared/bridge';
import { bridgeError, invalidRequest, serializeError } from './errors';

/** A handler gets the payload as the contract's schema parsed it. */
export type Handler<N extends OperationName> = (input: z.output<(typeof operations)[N]>) => Promise<OperationResults[N]> | OperationResults[N];
export type Handlers = { [N in OperationName]: Handler<N> };

export type Dispatch<S> = (sender: S, op: unknown, input: unknown) => Promise<BridgeResult<unknown>>;

export interface DispatcherOptions<S> {
  handlers: Handlers;
  /** whether a call from this sender may be answered at all */
  isTrustedSender: (sender: S) => boolean;
  /** told of every failed call, for the log */
  onError?: (op: string, error: unknown) => void;
}

export function isOperationName(op: unknown): op is OperationName {
  return typeof op === 'string' && Object.hasOwn(operations, op);
}

export function createDispatcher<S>({ handlers, isTrustedSender, onError }: DispatcherOptions<S>): Dispatch<S> {
  return async (sender, op, input) => {
    if (!isTrustedSender(sender)) {
      return { ok: false, error: bridgeError('bridge.untrusted_sender', 'untrusted_sender', {}) };
    }
    if (!isOperationName(op)) {
      const name = typeof op === 'string' ? op.slice(0, 80) : typeof op;
      return { ok: false, error: bridgeError('bridge.unknown_operation', 'invalid_request', { operation: name }) };
    }
    const parsed = operations[op].safeParse(input);
    if (!parsed.success) return { ok: false, error: invalidRequest(op, parsed.error) };
    try {
      const handler = handlers[op] as (input: unknown) => unknown;
      return { ok: true, value: await handler(parsed.data) };
    } catch (err) {
      onError?.(op, err);
      return { ok: false, error: serializeError(err) };
    }
  };
}

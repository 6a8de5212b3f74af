// The dispatcher's own rules: the sender first, then the operation name, then
// the payload; a handler's failure becomes a plain error the UI can show.
import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../electron/bridge/dispatcher';
import { serializeError } from '../../electron/bridge/errors';
import { HandlerError } from '../../electron/errors/handler-error';
import { KeychainError } from '../../electron/keychain';
import { StoreError } from '../../electron/store';
import { ApiError } from '../../electron/api';

function dispatcherWith(handler: (input: unknown) => unknown) {
  const calls: unknown[] = [];
  const handlers = { 'quotations.get': (input: unknown) => (calls.push(input), handler(input)) } as unknown as Handlers;
  const dispatch = createDispatcher<{ trusted: boolean }>({ handlers, isTrustedSender: (s) => s.trusted });
  return { dispatch, calls };
}

describe('dispatcher', () => {
  it('refuses an untrusted sender before looking at anything else', async () => {
    const { dispatch, calls } = dispatcherWith(() => ({ id: 'q' }));
    const r = await dispatch({ trusted: false }, 'quotations.get', { id: 'q' });
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ kind: 'untrusted_sender', messageKey: 'bridge.untrusted_sender' }) });
    expect(calls).toEqual([]);
  });

  it('hands the handler the parsed payload and answers with its value', async () => {
    const { dispatch, calls } = dispatcherWith((input) => ({ got: input }));
    expect(await dispatch({ trusted: true }, 'quotations.get', { id: 'q1' })).toEqual({ ok: true, value: { got: { id: 'q1' } } });
    expect(calls).toEqual([{ id: 'q1' }]);
  });

  it('turns an unexpected failure into an internal error without stack or cause', async () => {
    const { dispatch } = dispatcherWith(() => {
      throw new TypeError('boom');
    });
    const r = await dispatch({ trusted: true }, 'quotations.get', { id: 'q' });
    expect(r).toEqual({
      ok: false,
      error: { kind: 'internal', messageKey: 'bridge.internal', message: expect.stringContaining('TypeError: boom'), params: { detail: 'TypeError: boom' } },
    });
    expect(JSON.stringify(r)).not.toMatch(/\n\s+at |dispatcher\.ts/);
  });

  it('serializes store, handler, keychain and API errors with their kinds', () => {
    expect(serializeError(new StoreError('not_allowed', 'This quotation has been sent.'))).toMatchObject({
      kind: 'conflict_state',
      message: 'This quotation has been sent.',
    });
    expect(serializeError(new StoreError('corrupt', 'damaged'))).toMatchObject({ kind: 'storage', messageKey: 'bridge.storage' });
    expect(serializeError(new HandlerError('validation', 'bad', [{ field: 'x', message: 'y' }]))).toMatchObject({
      kind: 'validation',
      fieldErrors: [{ field: 'x', message: 'y' }],
    });
    const keychain = serializeError(new KeychainError('keychain_unavailable', { detail: 'no dbus' }));
    expect(keychain).toMatchObject({ kind: 'keychain_unavailable', messageKey: 'keychain.unavailable' });
    expect(Object.keys(keychain).sort()).toEqual(['kind', 'message', 'messageKey', 'params']);
    const api = serializeError(
      new ApiError({
        kind: 'validation',
        messageKey: 'api.validation',
        params: { fields: 'email' },
        outcome: 'not_applied',
        operation: 'clients.create',
        status: 422,
        fieldErrors: [{ field: 'email', message: 'bad' }],
      }),
    );
    expect(api).toMatchObject({ kind: 'validation', fieldErrors: [{ field: 'email', message: 'bad' }] });
  });
});

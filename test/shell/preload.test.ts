// The preload exposes exactly the contract as window.quotedesk, forwards calls
// over one IPC channel and never hands the page an IPC object.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isBridgeError, type QuotedeskBridge } from '../../shared/bridge';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../electron/bridge/channels';
import { fake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electronModule);

let api: QuotedeskBridge;
beforeAll(async () => {
  await import('../../electron/preload');
  api = fake.exposed.get('quotedesk') as QuotedeskBridge;
});

describe('preload', () => {
  it('exposes window.quotedesk with invoke, on and host, and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['quotedesk']);
    expect(Object.keys(api).sort()).toEqual(['host', 'invoke', 'on']);
    expect(api.host).toBe('electron');
  });

  it('forwards invoke on the invoke channel and resolves with the value', async () => {
    const calls: unknown[][] = [];
    fake.rendererInvoke = async (...args: unknown[]) => {
      calls.push(args);
      return { ok: true, value: { language: 'nl', defaultSendmethod: 'email' } };
    };
    await expect(api.invoke('settings.get', {})).resolves.toEqual({ language: 'nl', defaultSendmethod: 'email' });
    expect(calls).toEqual([[INVOKE_CHANNEL, 'settings.get', {}]]);
  });

  it('rejects with a plain error object that keeps kind, message key and field errors', async () => {
    const error = { kind: 'invalid_request', messageKey: 'bridge.invalid_request', message: 'bad', fieldErrors: [{ field: 'id', message: 'required' }] };
    fake.rendererInvoke = async () => ({ ok: false, error });
    const rejected = await api.invoke('quotations.get', { id: 'x' }).catch((e: unknown) => e);
    expect(rejected).not.toBeInstanceOf(Error);
    expect(isBridgeError(rejected)).toBe(true);
    expect(rejected).toEqual({ name: 'BridgeError', ...error });
  });

  it('turns a payload IPC cannot carry into an invalid_request error', async () => {
    fake.rendererInvoke = async () => {
      throw new Error('An object could not be cloned.');
    };
    const rejected = await api.invoke('settings.get', { f: () => 1 } as never).catch((e: unknown) => e);
    expect(isBridgeError(rejected) && rejected.kind).toBe('invalid_request');
    expect((rejected as { message: string }).message).toContain('could not be cloned');
  });

  it('delivers only the payload of the named event, and unsubscribes', () => {
    const got: unknown[][] = [];
    const off = api.on('sync.status', (...args: unknown[]) => got.push(args));
    const listeners = fake.rendererListeners.get(EVENT_CHANNEL)!;
    const emit = (name: string, payload: unknown) => {
      for (const l of [...listeners]) l({ sender: 'ipc-object-must-not-leak' }, name, payload);
    };
    emit('sync.status', { online: false });
    emit('conflicts.changed', []);
    expect(got).toEqual([[{ online: false }]]);
    off();
    emit('sync.status', { online: true });
    expect(got).toHaveLength(1);
    expect(listeners.size).toBe(0);
  });

  it('refuses on() without an event name and a function', () => {
    expect(() => api.on(42 as never, () => undefined)).toThrow(TypeError);
    expect(() => api.on('sync.status', 'nope' as never)).toThrow(TypeError);
  });
});

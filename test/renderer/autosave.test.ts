import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer, flushOnLeave, leaveOnClose, serialQueue } from '../../renderer/lib/autosave';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('serialQueue', () => {
  it('runs tasks in order, one at a time, and goes on after a failure', async () => {
    const q = serialQueue();
    const log: string[] = [];
    const slow =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<void>((resolve, reject) =>
          setTimeout(() => {
            log.push(name);
            if (fail) reject(new Error(name));
            else resolve();
          }, ms),
        );
    const a = q(slow('a', 30));
    const b = q(slow('b', 10, true));
    const c = q(slow('c', 1));
    await vi.advanceTimersByTimeAsync(50);
    await a;
    await expect(b).rejects.toThrow('b');
    await c;
    expect(log).toEqual(['a', 'b', 'c']);
  });
});

describe('Coalescer', () => {
  it('writes each key once per pause, merged', async () => {
    const writes: Array<[string, Record<string, number>]> = [];
    const c = new Coalescer<string, Record<string, number>>({
      merge: (a, b) => ({ ...a, ...b }),
      write: async (k, p) => {
        writes.push([k, p]);
      },
      queue: serialQueue(),
      delayMs: 100,
    });
    c.add('x', { a: 1 });
    c.add('x', { a: 2, b: 1 });
    c.add('y', { a: 9 });
    await vi.advanceTimersByTimeAsync(50);
    c.add('x', { b: 3 });
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(120);
    expect(writes).toEqual([
      ['x', { a: 2, b: 3 }],
      ['y', { a: 9 }],
    ]);
    expect(c.idle).toBe(true);
  });

  it('does not retry a payload the bridge refused, until the next edit', async () => {
    let n = 0;
    const c = new Coalescer<string, Record<string, string>>({
      merge: (a, b) => ({ ...a, ...b }),
      write: async () => {
        n++;
        // a bridge refusal arrives as a plain object (it crossed the IPC boundary), not an Error
        // eslint-disable-next-line no-throw-literal
        throw { kind: 'invalid_request', messageKey: 'bridge.invalid_request', message: 'too long' };
      },
      queue: serialQueue(),
      delayMs: 10,
    });
    c.add('k', { v: 'x' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(n).toBe(1);
    expect(c.state).toBe('error');
    expect(c.error?.kind).toBe('invalid_request');
    c.add('k', { v: 'y' });
    await vi.advanceTimersByTimeAsync(20);
    expect(n).toBe(2);
  });
});

describe('flushOnLeave', () => {
  it('writes at once when a field is left, the page is hidden or closed; not while it is in view', () => {
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const window = new EventTarget();
    const flush = vi.fn(() => Promise.resolve());
    const stop = flushOnLeave({ document, window }, flush);
    document.dispatchEvent(new Event('focusout'));
    expect(flush).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(1);
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('beforeunload'));
    expect(flush).toHaveBeenCalledTimes(4);
    stop();
    document.dispatchEvent(new Event('focusout'));
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(4);
  });

  it('leaves a failed write to its saver', async () => {
    const document = new EventTarget();
    const flush = vi.fn(() => Promise.reject(new Error('database busy')));
    flushOnLeave({ document, window: new EventTarget() }, flush);
    document.dispatchEvent(new Event('focusout'));
    // no unhandled rejection
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});

describe('leaveOnClose', () => {
  it('leaves the draft when the window closes, not when a field is left or the window hidden', () => {
    const window = new EventTarget();
    const document = new EventTarget();
    const leave = vi.fn(() => Promise.resolve());
    const stop = leaveOnClose({ window }, leave);
    document.dispatchEvent(new Event('focusout'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(leave).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('beforeunload'));
    expect(leave).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(2);
  });
});

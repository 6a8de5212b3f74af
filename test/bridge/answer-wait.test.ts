// The longest wait for one answer from the service is a setting: stored in
// the data folder, bounded, kept across a restart, and asked by every API
// client the core makes at each request, so a change applies to the next
// request without a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/api';
import { MemoryKeychain } from '../../electron/keychain';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { ANSWER_WAIT_SECONDS } from '../../shared/bridge';
import { apiFailure } from '../helpers/api-failure';
import { startTestCore, type TestCore } from '../helpers/core';

const dirs: string[] = [];
const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function core(dataDir?: string): Promise<TestCore> {
  const t = await startTestCore({ secrets: new MemoryKeychain(), demoSeed: { clients: 1, products: 0, quotations: 0 }, ...(dataDir ? { dataDir } : {}) });
  open.push(t);
  return t;
}

/** How long the call took, and the ApiError it failed with. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; error: ApiError }> {
  const started = Date.now();
  const error = await apiFailure(call());
  return { ms: Date.now() - started, error };
}

describe('the longest wait for one answer', () => {
  it('is 120 s at first, stored when set, refused out of bounds, and kept across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quotedesk-answer-wait-'));
    dirs.push(dataDir);
    const t = await core(dataDir);
    expect((await t.ok('settings.get', {})).answerWaitSeconds).toBe(120);
    expect(await t.ok('settings.set', { answerWaitSeconds: 15 })).toMatchObject({ answerWaitSeconds: 15, draftSaveEveryMinutes: 10 });
    expect((await t.ok('settings.get', {})).answerWaitSeconds).toBe(15);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({ answerWaitSeconds: 15 });
    for (const bad of [ANSWER_WAIT_SECONDS.min - 1, ANSWER_WAIT_SECONDS.max + 1, 15.5, '15']) {
      const r = await t.call('settings.set', { answerWaitSeconds: bad });
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    }
    expect((await t.ok('settings.get', {})).answerWaitSeconds).toBe(15);

    await t.close();
    open.splice(open.indexOf(t), 1);
    const again = await core(dataDir);
    expect((await again.ok('settings.get', {})).answerWaitSeconds).toBe(15);
  });

  it("ends the demo's and an account's stalled answer after the wait set while the app runs, not after the default", async () => {
    // the demo, and an account on a service of its own
    const demo = await core();
    const service: Sandbox = await startSandbox({ user: 'acme', key: 'acme-key', clients: 1, products: 0, quotations: 0, quiet: true });
    open.push(service);
    const withAccount = await core();
    await withAccount.ok('account.connect', { baseUrl: service.url, username: 'acme', apiKey: 'acme-key' });
    expect(withAccount.core.space.kind).toBe('account');

    // both answer 200 and then a byte every 2 s, never ending: only the whole deadline ends them
    const stall = { method: 'GET', path: '/clients', effect: { kind: 'stall', everyMs: 2000 }, times: Infinity } as const;
    demo.core.sandbox!.addFault(stall);
    service.addFault(stall);
    // set after the clients were made: asked at each request
    await demo.ok('settings.set', { answerWaitSeconds: ANSWER_WAIT_SECONDS.min });
    await withAccount.ok('settings.set', { answerWaitSeconds: ANSWER_WAIT_SECONDS.min });

    const [a, b] = await Promise.all([timed(() => demo.core.space.api.verify()), timed(() => withAccount.core.space.api.verify())]);
    for (const r of [a, b]) {
      expect(r.error).toBeInstanceOf(ApiError);
      expect(r.error).toMatchObject({ kind: 'timeout', params: { code: 'deadline' } });
      // 10 s, well before the 30 s between bytes or the default 120 s would end it
      expect(r.ms).toBeGreaterThanOrEqual(ANSWER_WAIT_SECONDS.min * 1000 - 100);
      expect(r.ms).toBeLessThan(25_000);
    }
  }, 60_000);
});

// The relay that takes the demo service off the network: off, connections are
// refused and open ones cut; on again, the same address works.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { startNetworkSwitch, type NetworkSwitch } from '../../electron/core/network-switch';

let target: Server;
let sw: NetworkSwitch;
const agent = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 2000 } });

beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 5000);
    res.end('pong');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  sw = await startNetworkSwitch({ host: '127.0.0.1', port: (target.address() as AddressInfo).port });
});
afterAll(async () => {
  await sw.close();
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
  await agent.close();
});

const get = async (path = '/') => {
  const r = await request(`${sw.origin}${path}`, { dispatcher: agent });
  return r.body.text();
};

it('relays while online, refuses while offline, and relays again on the same address', async () => {
  expect(sw.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await get()).toBe('pong');
  const inFlight = get('/slow');
  await new Promise((r) => setTimeout(r, 100));
  await sw.setOnline(false);
  expect(sw.online).toBe(false);
  await expect(inFlight).rejects.toThrow();
  await expect(get()).rejects.toMatchObject({ code: expect.stringMatching(/ECONNREFUSED|UND_ERR_SOCKET/) });
  await sw.setOnline(true);
  expect(await get()).toBe('pong');
  // switching to the state it is in already changes nothing
  await sw.setOnline(true);
  expect(await get()).toBe('pong');
});

// A loopback TCP relay between the app and the service it talks to, with a
// switch: off, it cuts every open connection and stops listening, so the app
// meets exactly what a pulled cable gives it (connection refused), without the
// service itself knowing. On again, it listens on the same port.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface NetworkSwitch {
  /** http://127.0.0.1:PORT: the address to reach the target through */
  readonly origin: string;
  readonly online: boolean;
  setOnline(online: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkSwitch(target: { host: string; port: number }): Promise<NetworkSwitch> {
  const sockets = new Set<Socket>();
  let online = true;
  let closed = false;

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const cutAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  await listen(0);
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    get online() {
      return online;
    },
    async setOnline(next) {
      if (closed || next === online) return;
      online = next;
      if (next) {
        await listen(port);
      } else {
        const stopped = stopListening();
        cutAll();
        await stopped;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const stopped = online ? stopListening() : Promise.resolve();
      cutAll();
      await stopped;
    },
  };
}

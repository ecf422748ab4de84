/**
 * A TCP pass-through to Postgres that a test can cut and restore, so a gateway in the test process
 * sees the database vanish mid-request and come back, without stopping the shared test cluster.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening (new connections are refused). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** `listenPort` 0 (the default) takes a free port; a fixed one serves config written before it starts. */
export async function startTcpProxy(targetPort: number, listenPort = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = listenPort;

  const listen = async (): Promise<void> => {
    const next = net.createServer((downstream) => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const s of [downstream, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          downstream.destroy();
          upstream.destroy();
        });
      }
      downstream.pipe(upstream);
      upstream.pipe(downstream);
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as AddressInfo).port;
    server = next;
  };

  const cut = async (): Promise<void> => {
    const current = server;
    server = undefined;
    for (const s of sockets) s.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return { port, cut, restore: listen, close: cut };
}

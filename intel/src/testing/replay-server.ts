/**
 * A local HTTP server that replays recorded answers (tests of the enrichment connectors: our
 * machines have no internet). Each route answers one recording by method and path prefix; every
 * request is kept (method, URL, headers) so a test can assert what reached the "service" — or that
 * nothing did.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recording {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface ReplayServer {
  base: string;
  seen: SeenRequest[];
  /** Answer requests whose path (with query) starts with this prefix. */
  route(prefix: string, recording: Recording): void;
  close(): Promise<void>;
}

export async function startReplayServer(port = 0): Promise<ReplayServer> {
  const routes: [string, Recording][] = [];
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    const match = [...routes].reverse().find(([prefix]) => (req.url ?? '').startsWith(prefix));
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no recording"}');
      return;
    }
    const [, recording] = match;
    res.writeHead(recording.status ?? 200, { 'content-type': 'application/json', ...recording.headers });
    res.end(recording.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    route: (prefix, recording) => routes.push([prefix, recording]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

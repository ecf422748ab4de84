import http from 'node:http';
import type dns from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused } from './address-rules.js';
import { guardedFetch } from './guarded-fetch.js';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (req.url === '/to-metadata-name') {
      res.writeHead(302, { location: `http://rebind.test:${port}/` });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A resolver for the test names: ok.test is this machine, rebind.test answers the metadata address. */
const resolver = ((
  hostname: string,
  _options: unknown,
  callback: (e: Error | null, a: dns.LookupAddress[]) => void,
) => {
  const address =
    hostname === 'ok.test' ? '127.0.0.1' : hostname === 'rebind.test' ? '169.254.169.254' : undefined;
  if (!address)
    return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, [{ address, family: 4 }]);
}) as unknown as typeof dns.lookup;

describe('guarded fetch', () => {
  it('reaches an allowed address, by name and by literal', async () => {
    const fetchOpen = guardedFetch({ allow: [], restrictPrivate: false }, resolver);
    expect(await (await fetchOpen(`http://ok.test:${port}/`)).text()).toBe('hello');
    expect((await fetchOpen(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it('judges the address a name resolves to when it connects (DNS rebinding)', async () => {
    const fetchOpen = guardedFetch({ allow: [], restrictPrivate: false }, resolver);
    await expect(fetchOpen(`http://rebind.test:${port}/`)).rejects.toThrow(
      /refused to connect to rebind.test: 169.254.169.254 is a link-local address/,
    );
  });

  it('refuses a redirect to a metadata address, literal or by name', async () => {
    const fetchOpen = guardedFetch({ allow: [], restrictPrivate: false }, resolver);
    const literal = fetchOpen(`http://127.0.0.1:${port}/to-metadata`);
    await expect(literal).rejects.toBeInstanceOf(OutboundRefused);
    await expect(literal).rejects.toThrow(/169.254.169.254 is a link-local address/);
    await expect(fetchOpen(`http://127.0.0.1:${port}/to-metadata-name`)).rejects.toThrow(/rebind.test/);
  });

  it('refuses private and loopback addresses when an administrator restricts them', async () => {
    const fetchStrict = guardedFetch({ allow: [], restrictPrivate: true }, resolver);
    await expect(fetchStrict(`http://ok.test:${port}/`)).rejects.toThrow(/127.0.0.1 is a loopback address/);
    await expect(fetchStrict(`http://127.0.0.1:${port}/`)).rejects.toThrow(/loopback/);
    const allowed = guardedFetch({ allow: ['127.0.0.1/32'], restrictPrivate: true }, resolver);
    expect((await allowed(`http://ok.test:${port}/`)).status).toBe(200);
  });

  it('refuses a metadata host name before resolving it', async () => {
    await expect(guardedFetch()('http://metadata.google.internal/computeMetadata/v1/')).rejects.toThrow(
      /metadata.google.internal is a cloud metadata service name/,
    );
  });
});

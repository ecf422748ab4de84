import assert from 'node:assert/strict';
import { extractIndicators, MAX_INDICATORS, refang } from '../ioc-classify/extract.ts';
import { createHandler, MAX_BODY_BYTES } from '../ioc-classify/handler.ts';

const ORIGIN = 'http://127.0.0.1:4173';
const handler = createHandler({ allowedOrigins: [ORIGIN] });

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://functions.local/ioc-classify', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
  });
}

Deno.test('each indicator type is found, typed and defanged, in order of appearance', () => {
  const { indicators, truncated } = extractIndicators(
    'Beacon https://evil-cdn.example/gate.php?id=1, C2 203.0.113.7 and 2001:db8::1; mail phish@bad-domain.net; ' +
      'md5 D41D8CD98F00B204E9800998ECF8427E sha1 da39a3ee5e6b4b0d3255bfef95601890afd80709 ' +
      'sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 exploits cve-2021-44228 via update.badsite.org',
  );
  assert.equal(truncated, false);
  assert.deepEqual(indicators, [
    {
      type: 'url',
      value: 'https://evil-cdn.example/gate.php?id=1',
      defanged: 'hxxps://evil-cdn[.]example/gate.php?id=1',
    },
    { type: 'ipv4', value: '203.0.113.7', defanged: '203[.]0[.]113[.]7' },
    { type: 'ipv6', value: '2001:db8::1', defanged: '2001[:]db8[:][:]1' },
    { type: 'email', value: 'phish@bad-domain.net', defanged: 'phish[@]bad-domain[.]net' },
    { type: 'md5', value: 'd41d8cd98f00b204e9800998ecf8427e', defanged: 'd41d8cd98f00b204e9800998ecf8427e' },
    {
      type: 'sha1',
      value: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      defanged: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    },
    {
      type: 'sha256',
      value: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      defanged: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    },
    { type: 'cve', value: 'CVE-2021-44228', defanged: 'CVE-2021-44228' },
    { type: 'domain', value: 'update.badsite.org', defanged: 'update[.]badsite[.]org' },
  ]);
});

Deno.test('defanged input is refanged first, and repeated indicators are reported once', () => {
  assert.equal(refang('hxxp://a[.]b(.)c[:]8080 x[at]y{.}z'), 'http://a.b.c:8080 x@y.z');
  const { indicators } = extractIndicators(
    'hxxps://bad[.]example/x and bad[.]example, BAD.example, 198.51.100[.]9 198.51.100.9',
  );
  assert.deepEqual(
    indicators.map((i) => [i.type, i.value]),
    [
      ['url', 'https://bad.example/x'],
      ['domain', 'bad.example'],
      ['ipv4', '198.51.100.9'],
    ],
  );
});

Deno.test('look-alikes are not indicators: file names, bad IPs, times, over-long hex, bare words', () => {
  const { indicators } = extractIndicators(
    'dropper.exe loader.js 999.1.1.1 01.2.3.4 at 10:30:00 build 1.2.3 ' +
      'a'.repeat(65) +
      ' ' +
      'b'.repeat(31) +
      ' localhost ::',
  );
  assert.deepEqual(indicators, []);
});

Deno.test('at most MAX_INDICATORS are returned, with truncated set', () => {
  const text = Array.from(
    { length: MAX_INDICATORS + 5 },
    (_, i) => `10.${Math.floor(i / 256)}.${i % 256}.1`,
  ).join(' ');
  const { indicators, truncated } = extractIndicators(text);
  assert.equal(indicators.length, MAX_INDICATORS);
  assert.equal(truncated, true);
});

Deno.test('POST answers 200 with the indicators and CORS for the allowed origin', async () => {
  const response = await handler(post(JSON.stringify({ text: 'C2 at 203.0.113.7' })));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN);
  assert.deepEqual(await response.json(), {
    count: 1,
    truncated: false,
    indicators: [{ type: 'ipv4', value: '203.0.113.7', defanged: '203[.]0[.]113[.]7' }],
  });
});

Deno.test('OPTIONS is a CORS preflight; other methods are 405; non-JSON is 415', async () => {
  const preflight = await handler(
    new Request('http://functions.local/ioc-classify', { method: 'OPTIONS', headers: { origin: ORIGIN } }),
  );
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  const stranger = await handler(
    new Request('http://functions.local/ioc-classify', {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example' },
    }),
  );
  assert.equal(stranger.headers.get('access-control-allow-origin'), null);
  assert.equal((await handler(new Request('http://functions.local/ioc-classify'))).status, 405);
  const text = await handler(post('text', { 'content-type': 'text/plain' }));
  assert.equal(text.status, 415);
  assert.equal((await text.json()).error, 'unsupported_media_type');
});

Deno.test('bad input is 400 with a message that names the problem', async () => {
  const cases: [string, RegExp][] = [
    ['{not json', /not valid JSON/],
    ['{}', /^text: text is required$/],
    [JSON.stringify({ text: '' }), /text: text must not be empty/],
    [JSON.stringify({ text: 42 }), /text: text must be a string/],
    [JSON.stringify({ text: 'x', extra: true }), /extra/],
  ];
  for (const [body, message] of cases) {
    const response = await handler(post(body));
    assert.equal(response.status, 400, body);
    const json = await response.json();
    assert.match(json.message, message, body);
  }
});

Deno.test('an oversized body is 413', async () => {
  const response = await handler(post(JSON.stringify({ text: 'x'.repeat(MAX_BODY_BYTES) })));
  assert.equal(response.status, 413);
  assert.equal((await response.json()).error, 'payload_too_large');
});

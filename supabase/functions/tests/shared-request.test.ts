import assert from 'node:assert/strict';
import { z } from 'zod';
import { bearerToken, readJwtClaims } from '../_shared/caller.ts';
import { checkShape, clientAddress, preflight, readJsonBody } from '../_shared/request.ts';

const CORS = { Vary: 'Origin' };
const request = (init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request('http://functions.local/f', { method: 'POST', ...init });

Deno.test(
  'preflight answers OPTIONS, refuses other methods with Allow, lets the right one through',
  async () => {
    assert.equal(preflight(request({ method: 'OPTIONS' }), 'POST', CORS)?.status, 204);
    const refused = preflight(request({ method: 'GET' }), 'POST', CORS)!;
    assert.equal(refused.status, 405);
    assert.equal(refused.headers.get('allow'), 'POST, OPTIONS');
    assert.equal((await refused.json()).error, 'method_not_allowed');
    assert.equal(preflight(request(), 'POST', CORS), null);
  },
);

Deno.test('a JSON body: parsed; too large (declared or sent) 413; not JSON 400; wrong type 415', async () => {
  const ok = await readJsonBody(request({ body: '{"a":1}' }), { maxBytes: 100, cors: CORS });
  assert.deepEqual(ok, { ok: true, value: { a: 1 } });
  const declared = await readJsonBody(request({ body: '{}', headers: { 'content-length': '101' } }), {
    maxBytes: 100,
    cors: CORS,
    what: 'Reports',
  });
  assert.equal(declared.ok ? 0 : declared.response.status, 413);
  assert.match(
    declared.ok ? '' : (await declared.response.json()).message,
    /^Reports are limited to 100 bytes/,
  );
  // Multi-byte characters count as bytes, not characters.
  const sent = await readJsonBody(request({ body: JSON.stringify('é'.repeat(60)) }), {
    maxBytes: 100,
    cors: CORS,
  });
  assert.equal(sent.ok ? 0 : sent.response.status, 413);
  const broken = await readJsonBody(request({ body: '{"a":' }), { maxBytes: 100, cors: CORS });
  assert.equal(broken.ok ? '' : (await broken.response.json()).error, 'invalid_json');
  const typed = await readJsonBody(request({ body: '{}', headers: { 'content-type': 'text/plain' } }), {
    maxBytes: 100,
    cors: CORS,
    requireJsonType: '{"text": "..."}',
  });
  assert.equal(typed.ok ? 0 : typed.response.status, 415);
});

Deno.test('a shape refusal names each issue by its path', async () => {
  const schema = z.object({ text: z.string().min(1, 'text must not be empty') });
  assert.deepEqual(checkShape(schema, { text: 'x' }, CORS, { error: 'invalid' }), {
    ok: true,
    value: { text: 'x' },
  });
  const refused = checkShape(schema, { text: '' }, CORS, { error: 'invalid' });
  assert.equal(refused.ok, false);
  const body = refused.ok ? {} : await refused.response.json();
  assert.equal(body.message, 'text: text must not be empty');
  assert.deepEqual(body.issues, [{ path: 'text', message: 'text must not be empty' }]);
});

Deno.test("the client address is the gateway's own (last) X-Forwarded-For entry", () => {
  assert.equal(
    clientAddress(request({ headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } })),
    '203.0.113.9',
  );
  assert.equal(clientAddress(request()), 'unknown');
});

Deno.test('bearer tokens and JWT claims: read when well-formed, null otherwise', () => {
  assert.equal(bearerToken(request({ headers: { authorization: 'Bearer abc.def.ghi' } })), 'abc.def.ghi');
  assert.equal(bearerToken(request()), '');
  const payload = btoa(JSON.stringify({ sub: 'u-1', role: 'authenticated' })).replace(/=+$/, '');
  assert.deepEqual(readJwtClaims(`e30.${payload}.sig`), { sub: 'u-1', role: 'authenticated' });
  assert.equal(readJwtClaims('not-a-jwt'), null);
  assert.equal(readJwtClaims('e30.!!!.sig'), null);
  assert.equal(readJwtClaims(`e30.${btoa('[1,2]').replace(/=+$/, '')}.sig`), null);
});

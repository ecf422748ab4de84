// The TAXII 2.1 function without a database: negotiation, authentication, errors, parameters and
// paging against an in-memory store. Section numbers are those of the OASIS TAXII 2.1 spec.
import assert from 'node:assert/strict';
import { createHandler } from '../taxii/handler.ts';
import { decodeCursor, encodeCursor, parseObjectQuery, TAXII_MEDIA_TYPE } from '../taxii/protocol.ts';
import type { Claims, ObjectRow, TaxiiStore } from '../taxii/store.ts';

const BASE = 'http://api.local/functions/v1/taxii';
const COLLECTION = '5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01';
const KEY = { id: '11111111-2222-4333-8444-555555555555', secret: 'ctk_secret' };

function row(n: number): ObjectRow {
  const id = `indicator--00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const stamp = `2026-01-01T00:00:0${Math.floor(n / 10)}.${String(n % 10).padStart(6, '0')}Z`;
  return {
    id,
    type: 'indicator',
    spec_version: '2.1',
    version: stamp,
    date_added: stamp,
    object: { type: 'indicator', id, spec_version: '2.1', name: `<b>${n}</b>` },
  };
}
const ROWS = Array.from({ length: 25 }, (_, n) => row(n));

const store: TaxiiStore = {
  authenticateKey: (u, s) => Promise.resolve(u === KEY.id && s === KEY.secret ? 'user-1' : null),
  authenticateJwt: (t) =>
    Promise.resolve(t === 'a.b.c' ? ({ sub: 'user-2', role: 'authenticated' } as Claims) : null),
  collections: () =>
    Promise.resolve([
      { id: COLLECTION, title: 'All', description: '', alias: 'all', can_read: true, can_write: false },
    ]),
  objects: (_c, _id, query) => {
    const after = query.cursor;
    const rows = ROWS.filter((r) => (after ? [r.date_added, r.id] > [after.dateAdded, after.id] : true))
      .filter((r) => !query.addedAfter || r.date_added > query.addedAfter)
      .filter((r) => !query.ids || query.ids.includes(r.id));
    return Promise.resolve(rows.slice(0, query.limit + 1));
  },
  addObjects: () => Promise.reject(new Error('relation "secret_table" does not exist at line 3')),
  status: () => Promise.resolve(null),
  deleteObject: () => Promise.resolve(0),
};
const handler = createHandler({ store, baseUrl: BASE });

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Response> {
  return handler(
    new Request(`${BASE}${path}`, {
      method,
      body,
      headers: {
        accept: TAXII_MEDIA_TYPE,
        authorization: `Basic ${btoa(`${KEY.id}:${KEY.secret}`)}`,
        ...headers,
      },
    }),
  );
}

Deno.test('§4.1 discovery lists the API root with absolute URLs, in the TAXII media type', async () => {
  const res = await get('/taxii2/');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), TAXII_MEDIA_TYPE);
  const body = await res.json();
  assert.deepEqual(body.api_roots, [`${BASE}/cti/`]);
  assert.equal(body.default, `${BASE}/cti/`);
});

Deno.test('§1.6.8 an Accept without the TAXII media type is refused with 406', async () => {
  for (const accept of ['application/json', '*/*', 'application/taxii+json;version=2.0']) {
    const res = await get('/taxii2/', { accept });
    assert.equal(res.status, 406, accept);
    const body = await res.json();
    assert.equal(body.http_status, '406');
    assert.ok(body.title && body.description);
  }
  assert.equal((await get('/taxii2/', { accept: 'application/taxii+json; version=2.1' })).status, 200);
});

Deno.test(
  'HTTP authentication (§1.6): no or wrong credentials: 401 with a WWW-Authenticate challenge',
  async () => {
    for (const authorization of ['', `Basic ${btoa(`${KEY.id}:wrong`)}`, 'Bearer x.y.z', 'Digest abc']) {
      const res = await get('/cti/', { authorization });
      assert.equal(res.status, 401, authorization);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Basic realm=/);
    }
    assert.equal((await get('/cti/', { authorization: 'Bearer a.b.c' })).status, 200);
  },
);

Deno.test('§3.6.1 failures are error resources without internals', async () => {
  const res = await get(
    `/cti/collections/${COLLECTION}/objects/`,
    { 'content-type': TAXII_MEDIA_TYPE },
    'POST',
    '{}',
  );
  assert.equal(res.status, 403, 'a read-only collection refuses writes');
  const missing = await get('/cti/collections/nope/');
  assert.equal(missing.status, 404);
  assert.deepEqual(Object.keys(await missing.json()).sort(), [
    'description',
    'error_code',
    'http_status',
    'title',
  ]);
  const failing = createHandler({
    store: {
      ...store,
      collections: () => Promise.reject(new Error('password authentication failed for postgres')),
    },
    baseUrl: BASE,
  });
  const res500 = await failing(
    new Request(`${BASE}/cti/collections/`, {
      headers: { accept: TAXII_MEDIA_TYPE, authorization: `Basic ${btoa(`${KEY.id}:${KEY.secret}`)}` },
    }),
  );
  assert.equal(res500.status, 500);
  const text = await res500.text();
  assert.doesNotMatch(text, /password|postgres|at line/);
});

Deno.test('§5.4 objects page with more/next and X-TAXII-Date-Added headers until exhausted', async () => {
  const seen: string[] = [];
  let next: string | undefined;
  for (let i = 0; i < 10; i += 1) {
    const res = await get(`/cti/collections/all/objects/?limit=10${next ? `&next=${next}` : ''}`);
    assert.equal(res.status, 200);
    const body = await res.json();
    seen.push(...body.objects.map((o: { id: string }) => o.id));
    assert.equal(
      res.headers.get('x-taxii-date-added-first'),
      ROWS[seen.length - body.objects.length]!.date_added,
    );
    assert.equal(res.headers.get('x-taxii-date-added-last'), ROWS[seen.length - 1]!.date_added);
    if (!body.more) {
      assert.equal(body.next, undefined);
      break;
    }
    next = body.next;
  }
  assert.deepEqual(
    seen,
    ROWS.map((r) => r.id),
  );
  // Hostile text inside an object is data: it comes back byte for byte as JSON.
  const one = await (await get(`/cti/collections/all/objects/${ROWS[3]!.id}/`)).json();
  assert.equal(one.objects[0].name, '<b>3</b>');
});

Deno.test('§5.3 the manifest and §5.8 versions of one object', async () => {
  const manifest = await (await get('/cti/collections/all/manifest/?limit=2')).json();
  assert.deepEqual(Object.keys(manifest.objects[0]).sort(), ['date_added', 'id', 'media_type', 'version']);
  assert.equal(manifest.more, true);
  const versions = await (await get(`/cti/collections/all/objects/${ROWS[0]!.id}/versions/`)).json();
  assert.deepEqual(versions, { more: false, versions: [ROWS[0]!.version] });
  assert.equal(
    (await get('/cti/collections/all/objects/indicator--ffffffff-0000-4000-8000-000000000000/')).status,
    404,
  );
});

Deno.test('§3.4 paging and §3.5 filtering parameters: malformed values are 400', async () => {
  for (const bad of [
    'added_after=yesterday',
    'limit=0',
    'limit=-3',
    'next=%%%',
    'match[id]=not-an-id',
    'match[version]=newest',
  ]) {
    const res = await get(`/cti/collections/all/objects/?${bad}`);
    assert.equal(res.status, 400, bad);
  }
  const q = parseObjectQuery(
    new URLSearchParams('match[type]=indicator,malware&match[version]=all&limit=50000'),
  );
  assert.deepEqual(q.types, ['indicator', 'malware']);
  assert.equal(q.versions, undefined, 'first/last/all keep every version: only one is stored');
  assert.equal(q.limit, 10000);
  assert.equal(parseObjectQuery(new URLSearchParams('match[spec_version]=2.0')).specVersionServed, false);
});

Deno.test('§3.4 a limit above the most a page holds is lowered to it, and the answer says so', async () => {
  const collection = await (await get('/cti/collections/all/')).json();
  assert.equal(collection.x_cti_max_page_size, 10000);
  const capped = await get('/cti/collections/all/objects/?limit=50000');
  assert.equal(capped.status, 200);
  assert.equal(capped.headers.get('x-cti-page-limit'), '10000');
  await capped.body?.cancel();
  const manifest = await get('/cti/collections/all/manifest/?limit=10001');
  assert.equal(manifest.headers.get('x-cti-page-limit'), '10000');
  await manifest.body?.cancel();
  const within = await get('/cti/collections/all/objects/?limit=10000');
  assert.equal(within.headers.get('x-cti-page-limit'), null);
  await within.body?.cancel();
});

Deno.test('the paging cursor round-trips and rejects forgeries', () => {
  const cursor = {
    dateAdded: '2026-01-01T00:00:00.123456Z',
    id: 'indicator--00000000-0000-4000-8000-000000000001',
  };
  assert.deepEqual(decodeCursor(encodeCursor(cursor)), cursor);
  assert.throws(() => decodeCursor(btoa('["not a time","x"]')));
});

// The feeds function without a database: tokens, formats, conditional requests and narrowing
// against an in-memory store that judges rows the way private.export_indicators does (TLP ceiling,
// minimum score). RFC numbers: 6750 (bearer tokens), 9110 (conditional requests).
import assert from 'node:assert/strict';
import type { ControlRow } from '../_shared/controls/control-row.ts';
import { TLP_LEVELS, type IndicatorType, type Tlp } from '../_shared/controls/model.ts';
import { createHandler } from '../feeds/handler.ts';
import type { FeedRow, FeedStore, PageQuery } from '../feeds/store.ts';

const ID = '0f3c2a1b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const TOKEN = 'ctf_0suN4bYG-GGoKklFKOY5JWe6O0rScCVyR0esn97y4hc';
const URL_BASE = 'http://api.local/functions/v1/feeds';
const AT = new Date('2026-12-01T07:00:00Z');

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

function candidate(type: IndicatorType, value: string, tlp: Tlp = 'amber', score = 80): ControlRow {
  return {
    type,
    value,
    verdict: null,
    score,
    tlp,
    confidence: 80,
    stixId: 'indicator--00000000-0000-4000-8000-000000000001',
    name: null,
    description: '',
    labels: [],
    validFrom: null,
    modified: AT,
    sources: ['Test feed'],
    reference: null,
  };
}

/** A knowledge base in memory; every change bumps the version, as the ledger does. */
function memoryStore(format: string, maxTlp: Tlp = 'amber') {
  const rows: ControlRow[] = [
    candidate('ipv4', '198.51.100.7'),
    candidate('domain', 'evil.example'),
    candidate('domain', 'red.example', 'red'),
    candidate('domain', 'low.example', 'amber', 10),
    candidate('url', 'http://evil.example/payload.exe'),
    candidate('sha256', 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c'),
  ];
  const state = { version: 1, open: 0, pulls: [] as (string | null)[], queries: [] as PageQuery[] };
  let seenAt = new Date('2026-12-01T07:10:00Z');
  let seenVersion = '';
  const store: FeedStore = {
    async open(id) {
      if (id !== ID) return null;
      state.open += 1;
      const feed: FeedRow = {
        name: 'sensors',
        format,
        minScore: 50,
        maxTlp,
        types: null,
        sourceIds: null,
        sourceNames: [],
        tokenHash: await sha256(TOKEN),
        version: `v${state.version}`,
        renderedAt: AT,
        judgedAt: AT,
      };
      return {
        feed,
        page(q) {
          state.queries.push(q);
          const rank = (t: Tlp) => TLP_LEVELS.indexOf(t);
          return Promise.resolve(
            rows
              .filter((r) => r.type === q.type && r.value > q.after)
              .sort((a, b) => (a.value < b.value ? -1 : 1))
              .slice(0, q.size)
              .map((r) => ({
                ...r,
                verdict:
                  rank(r.tlp) > rank(q.maxTlp) ? 'above-tlp' : r.score < q.minScore ? 'below-score' : null,
              })),
          );
        },
        close() {
          state.open -= 1;
          return Promise.resolve();
        },
      };
    },
    recordPull(_id, from, version) {
      state.pulls.push(from);
      if (version !== seenVersion) seenAt = new Date(seenAt.getTime() + 60_000);
      seenVersion = version;
      return Promise.resolve(seenAt);
    },
  };
  const add = (row: ControlRow) => {
    rows.push(row);
    state.version += 1;
  };
  return { store, state, add };
}

function get(store: FeedStore, path = `/${ID}`, headers: Record<string, string> = {}, method = 'GET') {
  return createHandler({ store })(
    new Request(`${URL_BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9', ...headers },
    }),
  );
}
const lines = (text: string, comment = '#') => text.split('\n').filter((l) => l && !l.startsWith(comment));

Deno.test(
  'RFC 6750: no token, a wrong one and an unknown feed get the same 401 with a Bearer challenge',
  async () => {
    const { store, state } = memoryStore('text');
    const answers = [
      await get(store, `/${ID}`, { authorization: '' }),
      await get(store, `/${ID}`, { authorization: `Bearer ${TOKEN}x` }),
      await get(store, `/${ID}`, { authorization: `Basic ${btoa(`x:${TOKEN}`)}` }),
      await get(store, '/1f3c2a1b-4d5e-4f60-8a7b-9c0d1e2f3a4b'),
      await get(store, '/not-a-uuid'),
    ];
    const bodies = new Set<string>();
    for (const res of answers) {
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="feeds"');
      assert.match(res.headers.get('content-type')!, /^application\/json/);
      bodies.add(await res.text());
    }
    assert.equal(bodies.size, 1);
    assert.equal(state.open, 0, 'every snapshot closed');
    assert.deepEqual(state.pulls, [], 'no pull counted without the token');
  },
);

Deno.test('200 with the export in the text format, the header first and the counts last', async () => {
  const { store, state } = memoryStore('text');
  const res = await get(store);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  const text = await res.text();
  assert.deepEqual(lines(text), [
    '198.51.100.7',
    'evil.example',
    'http://evil.example/payload.exe',
    'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
  ]);
  assert.match(
    text,
    /^# CTI platform export for security controls: text, exported 2026-12-01T07:00:00.000Z\n/,
  );
  assert.match(text, /# holds 4 values: ipv4 1, domain 1, url 1, sha256 1\n/);
  assert.match(text, /above TLP:AMBER 1; below score 50 1;/);
  assert.ok(!text.includes('red.example'));
  assert.equal(state.open, 0);
  assert.deepEqual(state.pulls, ['203.0.113.9']);
});

Deno.test('each format: its media type and well-formed lines', async () => {
  const expect: Record<string, { type: string; check: (text: string) => void }> = {
    'zeek-intel': {
      type: 'text/plain; charset=utf-8',
      check: (t) => {
        assert.match(t, /^#fields\tindicator\tindicator_type\tmeta\.source\tmeta\.desc\tmeta\.url$/m);
        assert.ok(t.includes('evil.example\tIntel::DOMAIN\tTest feed'));
        assert.ok(t.includes('evil.example/payload.exe\tIntel::URL'));
      },
    },
    suricata: {
      type: 'text/plain; charset=utf-8',
      check: (t) => {
        const rules = lines(t);
        assert.ok(rules.length >= 5);
        for (const rule of rules) assert.match(rule, /^alert \S+ .* \(msg:".*"; .*sid:\d+; rev:1;.*\)$/);
        assert.ok(!t.includes('filesha256'), 'no rule reads a list file the feed cannot serve');
        assert.match(
          t,
          /not served over HTTP \(they need list files beside the rules\): md5 sha1 sha256 ja3 ja3s/,
        );
      },
    },
    rpz: {
      type: 'text/dns; charset=utf-8',
      check: (t) => {
        assert.match(t, /^@ IN SOA localhost\. hostmaster\.localhost\. \( \d{10} /m);
        assert.deepEqual(
          lines(t, ';').filter((l) => !/^[@$]/.test(l)),
          ['evil.example CNAME .'],
        );
      },
    },
    nftables: {
      type: 'text/plain; charset=utf-8',
      check: (t) => assert.ok(t.includes('add element inet cti cti_v4 { 198.51.100.7 }\n')),
    },
    iptables: {
      type: 'text/plain; charset=utf-8',
      check: (t) => assert.ok(t.includes('add cti-v4-next 198.51.100.7 -exist\n')),
    },
    csv: {
      type: 'text/csv; charset=utf-8; header=present',
      check: (t) => {
        const rows = lines(t).slice(1);
        assert.deepEqual(
          rows.map((r) => r.split(',')[1]),
          [
            '198.51.100.7',
            'evil.example',
            'http://evil.example/payload.exe',
            'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
          ],
        );
      },
    },
  };
  for (const [format, { type, check }] of Object.entries(expect)) {
    const { store } = memoryStore(format);
    const res = await get(store);
    assert.equal(res.status, 200, format);
    assert.equal(res.headers.get('content-type'), type, format);
    const text = await res.text();
    check(text);
    assert.ok(!text.includes('red.example'), format);
  }
});

Deno.test(
  'RFC 9110 §13: ETag and Last-Modified; If-None-Match and If-Modified-Since give 304; HEAD has no body',
  async () => {
    const { store, state } = memoryStore('text');
    const first = await get(store);
    await first.body?.cancel();
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    assert.match(etag, /^"[0-9a-f]{40}"$/);
    assert.ok(!Number.isNaN(Date.parse(lastModified)));

    const same = await get(store, `/${ID}`, { 'if-none-match': etag });
    assert.equal(same.status, 304);
    assert.equal(same.headers.get('etag'), etag);
    assert.equal(await same.text(), '');
    assert.equal((await get(store, `/${ID}`, { 'if-none-match': `"x", W/${etag}` })).status, 304);
    assert.equal((await get(store, `/${ID}`, { 'if-modified-since': lastModified })).status, 304);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const changed = await get(store, `/${ID}`, { 'if-modified-since': older });
    assert.equal(changed.status, 200);
    await changed.body?.cancel();
    // If-None-Match wins over If-Modified-Since (§13.2.2).
    const precedence = await get(store, `/${ID}`, {
      'if-none-match': '"other"',
      'if-modified-since': lastModified,
    });
    assert.equal(precedence.status, 200);
    await precedence.body?.cancel();

    const head = await get(store, `/${ID}`, {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal(head.body, null);
    assert.equal(state.open, 0);
  },
);

Deno.test(
  'a new matching indicator changes the ETag and Last-Modified; a TLP:RED one never appears',
  async () => {
    const { store, add } = memoryStore('text');
    const before = await get(store);
    await before.body?.cancel();
    add(candidate('domain', 'new.example'));
    const after = await get(store, `/${ID}`, { 'if-none-match': before.headers.get('etag')! });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    assert.ok(
      Date.parse(after.headers.get('last-modified')!) > Date.parse(before.headers.get('last-modified')!),
    );
    assert.ok((await after.text()).includes('new.example\n'));
    add(candidate('domain', 'secret.example', 'red'));
    assert.ok(!(await (await get(store)).text()).includes('secret.example'));
  },
);

Deno.test('query parameters narrow only: the TLP ceiling and minimum score cannot be raised', async () => {
  const { store, state } = memoryStore('text');
  const raised = await (await get(store, `/${ID}?max_tlp=red&min_score=0`)).text();
  assert.ok(!raised.includes('red.example'));
  assert.ok(!raised.includes('low.example'));
  assert.ok(state.queries.every((q) => q.maxTlp === 'amber' && q.minScore === 50));

  const narrow = await get(store, `/${ID}?type=domain&max_tlp=green`);
  assert.deepEqual(lines(await narrow.text()), []);
  assert.ok(state.queries.at(-1)!.maxTlp === 'green');
  const domains = await (await get(store, `/${ID}?type=domain,url`)).text();
  assert.deepEqual(lines(domains), ['evil.example', 'http://evil.example/payload.exe']);

  for (const bad of ['?type=ipv5', '?min_score=101', '?max_tlp=purple', '?tlp=red']) {
    const res = await get(store, `/${ID}${bad}`);
    assert.equal(res.status, 400, bad);
    assert.match((await res.json()).error, /^(Unknown|min_score)/);
  }
  assert.equal(state.open, 0);
});

Deno.test('other methods: 405 with Allow', async () => {
  const { store } = memoryStore('text');
  const res = await get(store, `/${ID}`, {}, 'POST');
  assert.equal(res.status, 405);
  assert.equal(res.headers.get('allow'), 'GET, HEAD');
});

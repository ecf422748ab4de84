/**
 * Limits the API must state, not hide (issue 36, "Also found"): a cast of words in `select`, a
 * malformed `limit`, a TAXII page above the server's maximum, and the 21st API key.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { rpc } from '../lib/personas.js';
import { suite } from './context.js';

const { target, personas } = suite();
const analyst = personas.analyst;
const asAnalyst = apiHeaders(target.anonKey, analyst.accessToken);
const TAXII = `${target.apiUrl}/functions/v1/taxii`;
const createdKeys: string[] = [];

afterAll(async () => {
  for (const id of createdKeys) await rpc(target, 'revoke_api_key', { _id: id }, analyst.accessToken);
});

describe('API · limits said plainly (issue 36)', () => {
  it('select=value::<words> is refused before SQL unless the words name a type', async () => {
    const words = await httpRequest(
      `${target.apiUrl}/rest/v1/indicators?select=value::text%20union%20select%20null&limit=1`,
      { headers: asAnalyst },
    );
    expect(words.status).toBe(400);
    expect(words.json).toMatchObject({ code: 'PGRST100' });
    const typeName = await httpRequest(
      `${target.apiUrl}/rest/v1/indicators?select=value::character%20varying&limit=1`,
      { headers: asAnalyst },
    );
    expect(typeName.status).toBe(200);
  });

  it('a malformed limit or offset answers 400, as PostgREST does, instead of every row', async () => {
    for (const query of ['limit=1abc', 'limit=abc', 'offset=ten']) {
      const res = await httpRequest(`${target.apiUrl}/rest/v1/indicators?select=id&${query}`, {
        headers: asAnalyst,
      });
      expect(res.status, query).toBe(400);
      expect(res.json, query).toMatchObject({ code: 'PGRST100' });
    }
  });

  it('a TAXII limit above the maximum is capped, said in the answer and documented in the collection', async () => {
    const headers = {
      Accept: 'application/taxii+json;version=2.1',
      Authorization: `Bearer ${analyst.accessToken}`,
    };
    const list = await httpRequest(`${TAXII}/cti/collections/`, { headers });
    expect(list.status).toBe(200);
    const collection = (
      list.json as { collections: { id: string; can_read: boolean; x_cti_max_page_size: number }[] }
    ).collections.find((c) => c.can_read)!;
    expect(collection.x_cti_max_page_size).toBe(10000);
    const page = await httpRequest(`${TAXII}/cti/collections/${collection.id}/manifest/?limit=50000`, {
      headers,
    });
    expect(page.status).toBe(200);
    expect(page.headers['x-cti-page-limit']).toBe('10000');
  });

  it('the 21st active API key answers 409 naming the limit, not 500', async () => {
    const existing = await httpRequest(`${target.apiUrl}/rest/v1/api_keys?select=id&revoked_at=is.null`, {
      headers: asAnalyst,
    });
    const active = (existing.json as unknown[]).length;
    for (let i = active; i < 20; i++) {
      const made = await rpc(target, 'create_api_key', { _name: `security suite ${i}` }, analyst.accessToken);
      expect(made.status).toBe(200);
      createdKeys.push((made.json as { id: string }[])[0]!.id);
    }
    const refused = await rpc(target, 'create_api_key', { _name: 'the 21st' }, analyst.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      message: 'You have 20 active API keys, the most one person may have: revoke one first',
    });
  });
});

/**
 * supabase-js `explain()` and GeoJSON output. The fixture turns plans on the Supabase way
 * (`alter role authenticator set pgrst.db_plan_enabled to 'true'`). PostgREST answers a plan with
 * `EXPLAIN (FORMAT TEXT|JSON, <options>)` of the request's statement, one line per row each ending
 * in a newline, Content-Type `application/vnd.pgrst.plan+<fmt>; for="<type>"[; options=…]`
 * (MediaType.hs toMime); GeoJSON is PostGIS's ST_AsGeoJSON of each row in a FeatureCollection.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch } from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';

describe('rest explain()', () => {
  it('returns the text plan of a read', async () => {
    const { data, error, status } = await anonClient()
      .from('sales')
      .select('id, amount')
      .eq('id', 1)
      .explain();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(typeof data).toBe('string');
    expect(data as unknown as string).toMatch(/^Aggregate {2}\(cost=/);
    expect(data as unknown as string).toContain('Index Cond: (id = 1)');
    expect((data as unknown as string).endsWith('\n')).toBe(true);
  });

  it('returns the JSON plan with the requested options and names them in Content-Type', async () => {
    const { data, error } = await anonClient()
      .from('sales')
      .select('id')
      .eq('id', 1)
      .explain({ format: 'json', analyze: true, verbose: true, buffers: true });
    expect(error).toBeNull();
    const plan = (data as unknown as { Plan: Record<string, unknown> }[])[0]!.Plan;
    expect(plan['Node Type']).toBe('Aggregate');
    expect(plan['Actual Rows']).toBe(1);
    expect(plan.Output).toBeDefined();
    const raw = await restFetch('/sales?select=id&id=eq.1', {
      headers: {
        Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose;',
      },
    });
    expect(raw.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8',
    );
  });

  it('explains function calls', async () => {
    const { data, error } = await anonClient().rpc('shops_in', { city_name: 'Oslo' }).explain();
    expect(error).toBeNull();
    // Postgres may inline the SQL function, so only the shape of a text plan is certain.
    expect(data as unknown as string).toMatch(/\(cost=\d+\.\d+\.\.\d+\.\d+ rows=\d+ width=\d+\)/);
  });

  it('is 406 PGRST107 once pgrst.db_plan_enabled is off', async () => {
    const db = new pg.Client({ connectionString: stackEnv().dbUrl });
    await db.connect();
    try {
      await db.query(
        `alter role authenticator set pgrst.db_plan_enabled to 'false'; notify pgrst, 'reload config'`,
      );
      let response = await restFetch('/sales?select=id', {
        headers: { Accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=;' },
      });
      for (let i = 0; i < 50 && response.status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await restFetch('/sales?select=id', {
          headers: { Accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=;' },
        });
      }
      expect(response.status).toBe(406);
      expect(response.body).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message:
          'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      });
    } finally {
      await db.query(
        `alter role authenticator set pgrst.db_plan_enabled to 'true'; notify pgrst, 'reload config'`,
      );
      await db.end();
    }
  });
});

describe('rest GeoJSON', () => {
  it('answers application/geo+json with a FeatureCollection of the selected rows', async () => {
    const { data, error, status } = await anonClient()
      .from('places')
      .select('id, name, location')
      .order('id')
      .setHeader('Accept', 'application/geo+json');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [10.75, 59.91] },
          properties: { id: 1, name: 'Harbour' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [5.33, 60.39] },
          properties: { id: 2, name: 'Station' },
        },
      ],
    });
    const raw = await restFetch('/places?select=id,location&id=eq.1', {
      headers: { Accept: 'application/geo+json' },
    });
    expect(raw.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
  });
});

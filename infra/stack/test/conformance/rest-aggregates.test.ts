/**
 * Aggregates through supabase-js, switched on the way Supabase documents it: the fixture's
 * migration runs `alter role authenticator set pgrst.db_aggregates_enabled to 'true'` as postgres.
 * Expected bodies follow PostgREST 12.1+ (docs/references/api/aggregate_functions.rst): the key is
 * the alias or the function's name, the other selected columns are the GROUP BY, a cast before the
 * function applies to the column and one after it to the result, a to-one spread's aggregate is
 * computed by its parent.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, restFetch } from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';

async function setAggregates(enabled: boolean): Promise<void> {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  try {
    await db.query(`alter role authenticator set pgrst.db_aggregates_enabled to '${String(enabled)}'`);
    await db.query(`notify pgrst, 'reload config'`);
  } finally {
    await db.end();
  }
}

/** The reload is asynchronous (NOTIFY): poll until the answer's status says it happened. */
async function untilStatus(path: string, status: number): Promise<Awaited<ReturnType<typeof restFetch>>> {
  for (let i = 0; i < 50; i++) {
    const response = await restFetch(path);
    if (response.status === status) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never answered ${status}`);
}

describe('rest aggregates', () => {
  afterAll(() => setAggregates(true));

  it('aggregates the whole table without GROUP BY', async () => {
    const { data, error, status } = await anonClient()
      .from('sales')
      .select('amount.sum(), quantity.max(), amount.min(), count()');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ sum: 72.75, max: 3, min: 5.5, count: 5 }]);
  });

  it('groups by the other selected columns, with aliases', async () => {
    const { data, error } = await anonClient()
      .from('sales')
      .select('shop_id, total:amount.sum(), sold:count()')
      .order('shop_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { shop_id: 1, total: 35.5, sold: 3 },
      { shop_id: 2, total: 30, sold: 1 },
      { shop_id: 3, total: 7.25, sold: 1 },
    ]);
  });

  it('casts the column before the aggregate and the result after it', async () => {
    const { data, error } = await anonClient()
      .from('sales')
      .select('amount::int.sum()::text, avg_quantity:quantity.avg()::float8, count()::text');
    expect(error).toBeNull();
    // 10 + 20 + 6 (5.50 rounds to 6) + 30 + 7 = 73
    expect(data).toEqual([{ sum: '73', avg_quantity: 1.6, count: '5' }]);
  });

  it('aggregates inside a one-to-many embed, per parent row', async () => {
    const { data, error } = await anonClient()
      .from('shops')
      .select('name, sales(amount.sum(), count())')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'North', sales: [{ sum: 35.5, count: 3 }] },
      { name: 'South', sales: [{ sum: 30, count: 1 }] },
      { name: 'East', sales: [{ sum: 7.25, count: 1 }] },
    ]);
  });

  it('groups by the columns of a to-one spread and of a to-one embed', async () => {
    const spread = await anonClient().from('sales').select('...shops(city), amount.sum()');
    expect(spread.error).toBeNull();
    const byCity = (spread.data as { city: string; sum: number }[]).sort((a, b) =>
      a.city.localeCompare(b.city),
    );
    expect(byCity).toEqual([
      { city: 'Bergen', sum: 7.25 },
      { city: 'Oslo', sum: 65.5 },
    ]);
    const embed = await anonClient().from('sales').select('product, shops(city), count()').order('product');
    expect(embed.error).toBeNull();
    expect(embed.data).toEqual([
      { product: 'apple', count: 3, shops: { city: 'Oslo' } },
      { product: 'pear', count: 1, shops: { city: 'Oslo' } },
      { product: 'plum', count: 1, shops: { city: 'Bergen' } },
    ]);
  });

  it("computes a to-one spread's aggregate in the parent (hoisted)", async () => {
    const { data, error } = await anonClient().from('shops').select('city, ...sales(amount.sum())');
    // shops → sales is one-to-many, so this spread stays per shop; the hoisting applies to to-one:
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    const hoisted = await anonClient().from('sales').select('product, ...shops(id.count())').order('product');
    expect(hoisted.error).toBeNull();
    expect(hoisted.data).toEqual([
      { product: 'apple', count: 3 },
      { product: 'pear', count: 1 },
      { product: 'plum', count: 1 },
    ]);
  });

  it('answers 400 PGRST123 once pgrst.db_aggregates_enabled is reset, and reloads on NOTIFY', async () => {
    await setAggregates(false);
    const refused = await untilStatus('/sales?select=amount.sum()', 400);
    expect(refused.body).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    });
    // The legacy `rel(count)` predates aggregates and stays allowed.
    const legacy = await restFetch('/shops?select=name,sales(count)&id=eq.1');
    expect(legacy.body).toEqual([{ name: 'North', sales: [{ count: 3 }] }]);
    await setAggregates(true);
    const allowed = await untilStatus('/sales?select=amount.sum()', 200);
    expect(allowed.body).toEqual([{ sum: 72.75 }]);
  });
});

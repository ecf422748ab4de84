/**
 * Computed fields and computed relationships (PostgREST docs: references/api/computed_fields.rst,
 * resource_embedding.rst "Computed Relationships"), and the 42712 PostgREST lets Postgres raise
 * when one embed appears twice under the same name (its subquery alias is
 * `<parent>_<alias or name>_<depth>`, Plan.hs).
 */
import { describe, expect, it } from 'vitest';
import { anonClient } from '../helpers/rest.js';

describe('rest computed fields and relationships', () => {
  it('selects, filters and orders by a computed field, which * leaves out', async () => {
    const { data, error } = await anonClient()
      .from('sales')
      .select('id, sale_total')
      .gt('sale_total', 30)
      .order('sale_total', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 4, sale_total: 90 },
      { id: 2, sale_total: 40 },
    ]);
    const star = await anonClient().from('sales').select('*').eq('id', 1).single();
    expect(Object.keys(star.data as object)).not.toContain('sale_total');
  });

  it('computes fields on a partitioned table and on the rows of an RPC', async () => {
    const readings = await anonClient().from('readings').select('id, fahrenheit::float8').order('id');
    expect(readings.error).toBeNull();
    expect(readings.data).toEqual([
      { id: 1, fahrenheit: 68 },
      { id: 2, fahrenheit: 23 },
    ]);
    const shops = await anonClient().rpc('shops_in', { city_name: 'Oslo' }).select('id, shop_label');
    expect(shops.error).toBeNull();
    expect(shops.data).toEqual([
      { id: 1, shop_label: 'North (Oslo)' },
      { id: 2, shop_label: 'South (Oslo)' },
    ]);
  });

  it('embeds a set-returning computed relationship as an array, with filters, order and limit', async () => {
    const { data, error } = await anonClient()
      .from('shops')
      .select('id, shop_sales(id, amount)')
      .eq('id', 1)
      .order('id', { referencedTable: 'shop_sales', ascending: false })
      .limit(2, { referencedTable: 'shop_sales' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        shop_sales: [
          { id: 3, amount: 5.5 },
          { id: 2, amount: 20 },
        ],
      },
    ]);
  });

  it('keeps only parents with matching rows under !inner', async () => {
    const { data, error } = await anonClient()
      .from('shops')
      .select('id, shop_sales!inner(id)')
      .gt('shop_sales.amount', 20);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, shop_sales: [{ id: 4 }] }]);
  });

  it('embeds single-row and ROWS 1 computed relationships as objects', async () => {
    const best = await anonClient().from('shops').select('id, best_sale(id, amount)').order('id');
    expect(best.error).toBeNull();
    expect(best.data).toEqual([
      { id: 1, best_sale: { id: 2, amount: 20 } },
      { id: 2, best_sale: { id: 4, amount: 30 } },
      { id: 3, best_sale: { id: 5, amount: 7.25 } },
    ]);
    const shop = await anonClient().from('sales').select('id, shop:sale_shop(name)').eq('id', 5);
    expect(shop.data).toEqual([{ id: 5, shop: { name: 'East' } }]);
  });

  it('refuses the same embed twice under one name with 400 42712', async () => {
    const { status, error } = await anonClient().from('shops').select('id, sales(id), sales(amount)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "shops_sales_1" specified more than once',
    });
    const aliased = await anonClient()
      .from('shops')
      .select('id, ids:sales(id), amounts:sales(amount)')
      .eq('id', 3);
    expect(aliased.data).toEqual([{ id: 3, ids: [{ id: 5 }], amounts: [{ amount: 7.25 }] }]);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs, requestKind, type TableRequest } from '@/testing/fake-tables';
import { planAssets } from '@/features/assets/utils/import-plan';
import { importAssets } from './import-assets';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

beforeEach(() => resetFakeSupabase());

const STORED = { id: 'a-1', hostname: 'vpn.example.com', ip: null, owner: 'Ops', criticality: 'medium' };

const plan = planAssets([
  {
    line: 2,
    asset: {
      hostname: 'vpn.example.com',
      criticality: 'critical',
      product: { vendor: 'Ivanti', product: 'Connect Secure', version: '22.7' },
    },
  },
  {
    line: 3,
    asset: { hostname: 'vpn.example.com', product: { vendor: 'Ivanti', product: 'Policy Secure' } },
  },
  {
    line: 4,
    asset: { ip: '203.0.113.9', owner: 'DMZ', product: { vendor: 'Fortinet', product: 'FortiOS' } },
  },
  { line: 5, asset: { hostname: 'mail.example.com' } },
]);

function writes(log: TableRequest[], table: string, kind: string) {
  return log.filter((request) => request.table === table && requestKind(request) === kind);
}

describe('importAssets', () => {
  it('updates the assets it finds, inserts the others, and adds only products not yet listed', async () => {
    const log = answerTables((request) => {
      const kind = requestKind(request);
      if (request.table === 'assets' && kind === 'select')
        return { data: callArgs(request, 'is') ? [] : [STORED], error: null };
      if (request.table === 'assets' && kind === 'insert') {
        const rows = callArgs(request, 'insert')![0] as { hostname: string | null; ip: string | null }[];
        return { data: rows.map((row, i) => ({ id: `new-${i}`, ...row })), error: null };
      }
      if (request.table === 'asset_products' && kind === 'select')
        return {
          data: [{ asset_id: 'a-1', vendor: 'IVANTI', product: 'connect secure', version: '22.7' }],
          error: null,
        };
      return { data: null, error: null };
    });
    const progress = vi.fn();
    const outcome = await importAssets(plan, progress);

    expect(outcome).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
      productsAdded: 2,
      productsKnown: 1,
      failures: [],
    });
    expect(callArgs(writes(log, 'assets', 'select')[0]!, 'in')).toEqual([
      'hostname',
      ['vpn.example.com', 'mail.example.com'],
    ]);
    expect(callArgs(writes(log, 'assets', 'select')[1]!, 'in')).toEqual(['ip', ['203.0.113.9']]);
    // created_by is never sent: the column defaults to the caller.
    expect(callArgs(writes(log, 'assets', 'insert')[0]!, 'insert')![0]).toEqual([
      { hostname: null, ip: '203.0.113.9', owner: 'DMZ' },
      { hostname: 'mail.example.com', ip: null, owner: null },
    ]);
    const update = writes(log, 'assets', 'update')[0]!;
    expect(callArgs(update, 'update')).toEqual([{ criticality: 'critical' }]);
    expect(callArgs(update, 'eq')).toEqual(['id', 'a-1']);
    expect(callArgs(writes(log, 'asset_products', 'insert')[0]!, 'insert')![0]).toEqual([
      { asset_id: 'a-1', vendor: 'Ivanti', product: 'Policy Secure', version: null, cpe: null },
      { asset_id: 'new-0', vendor: 'Fortinet', product: 'FortiOS', version: null, cpe: null },
    ]);
    expect(progress).toHaveBeenLastCalledWith({ done: 6, total: 6, step: 'Adding products…' });
  });

  it('retries a refused batch row by row and reports each failure with its lines, in words', async () => {
    answerTables((request) => {
      const kind = requestKind(request);
      if (kind === 'select') return { data: [], error: null };
      if (request.table === 'assets' && kind === 'insert') {
        const rows = callArgs(request, 'insert')![0] as { hostname: string | null; ip: string | null }[];
        if (rows.some((row) => row.hostname === 'mail.example.com'))
          return { data: null, error: { code: '23505', message: 'duplicate key value' } };
        return { data: rows.map((row, i) => ({ id: `new-${i}`, ...row })), error: null };
      }
      if (request.table === 'asset_products') {
        const rows = callArgs(request, 'insert')![0] as { product: string }[];
        if (rows.some((row) => row.product === 'Policy Secure'))
          return { data: null, error: { code: '23505', message: 'duplicate key value' } };
      }
      return { data: null, error: null };
    });
    const outcome = await importAssets(plan, () => undefined);
    expect(outcome.created).toBe(2);
    expect(outcome.productsAdded).toBe(2);
    expect(outcome.productsKnown).toBe(1);
    expect(outcome.failures).toEqual([
      {
        lines: [5],
        reason:
          'An asset with this host name (or, without one, this IP address) is already in the inventory.',
      },
    ]);
  });

  it('stops with a sentence when the inventory cannot be read', async () => {
    answerTables(() => ({ data: null, error: { message: 'JWT expired' } }));
    await expect(importAssets(plan, () => undefined)).rejects.toThrow(
      'The inventory could not be read: JWT expired',
    );
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs } from '@/testing/fake-tables';
import { ALL_INTELLIGENCE_COLLECTION, stixBundle } from './stix-export';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = `<script>alert(1)</script> =HYPERLINK("x") \u202e`;
const MALWARE = 'malware--0d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a11';
const INDICATOR = 'indicator--00abedb4-aa42-566c-9c01-fed23315a9b7';
const RELATIONSHIP = 'relationship--1d5b5ec3-7a39-4d8e-8c0a-0d3c4f1e9a11';

beforeEach(() => {
  resetFakeSupabase();
  answerRpc('taxii_objects', (args) => {
    const { _ids } = args as { _ids: string[] };
    return {
      data: _ids.map((id) => ({ object: { id, type: id.split('--')[0], description: HOSTILE } })),
      error: null,
    };
  });
});

describe('STIX bundle of a selection', () => {
  it('resolves indicator rows to STIX ids and adds the TLP definitions; text survives byte for byte', async () => {
    const log = answerTables((request) =>
      request.table === 'indicators' ? { data: [{ stix_id: INDICATOR }], error: null } : undefined,
    );
    const { text, count } = await stixBundle({ indicatorIds: [7] });
    const bundle = JSON.parse(text) as { type: string; objects: { id: string; description: string }[] };
    expect(bundle.type).toBe('bundle');
    expect(count).toBe(6);
    expect(bundle.objects.map((o) => o.id)).toContain(INDICATOR);
    expect(bundle.objects.filter((o) => o.id.startsWith('marking-definition--'))).toHaveLength(5);
    expect(bundle.objects.every((o) => o.description === HOSTILE)).toBe(true);
    expect(callArgs(log[0]!, 'in')).toEqual(['id', [7]]);
    expect(fakeSupabase.rpc).toHaveBeenCalledWith(
      'taxii_objects',
      expect.objectContaining({ _collection_id: ALL_INTELLIGENCE_COLLECTION }),
    );
  });

  it('an entity brings its relationships and the objects at their other ends', async () => {
    answerTables((request) =>
      request.table === 'relationships'
        ? { data: [{ stix_id: RELATIONSHIP, source_ref: INDICATOR, target_ref: MALWARE }], error: null }
        : undefined,
    );
    const { text } = await stixBundle({ stixIds: [MALWARE], withRelationships: true });
    const ids = (JSON.parse(text) as { objects: { id: string }[] }).objects.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([MALWARE, RELATIONSHIP, INDICATOR]));
  });

  it('never splices a malformed id into a filter', async () => {
    const log = answerTables(() => undefined);
    await stixBundle({ stixIds: ['x),or(id.gt.0'], withRelationships: true });
    expect(log.filter((r) => r.table === 'relationships')).toEqual([]);
  });
});

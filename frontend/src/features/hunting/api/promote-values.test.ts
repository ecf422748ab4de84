import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import type { HuntValue } from '@/features/hunting/utils/parse-hunt-text';
import { PROMOTE_LIMIT, promoteValues } from './promote-values';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const values: HuntValue[] = [
  { type: 'domain', value: 'unknown-c2.example' },
  { type: 'ipv4', value: '203.0.113.9' },
];

describe('promoteValues', () => {
  beforeEach(() => resetFakeSupabase());

  it('creates the unmatched values as indicators in one create_knowledge_from_text call, at the TLP chosen', async () => {
    answerRpc('create_knowledge_from_text', () => ({ data: { indicators: 2, created: 2 }, error: null }));
    await expect(promoteValues(values, 'green')).resolves.toEqual({ indicators: 2, created: 2 });
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('create_knowledge_from_text', {
      _indicators: values,
      _tlp: 'green',
      _description: 'Promoted from a hunt',
    });
  });

  it('sends at most the limit the function accepts', async () => {
    answerRpc('create_knowledge_from_text', () => ({
      data: { indicators: PROMOTE_LIMIT, created: 1 },
      error: null,
    }));
    const many = Array.from({ length: PROMOTE_LIMIT + 7 }, (_, i) => ({
      type: 'domain' as const,
      value: `h${i}.example`,
    }));
    await promoteValues(many, 'amber');
    const [, args] = fakeSupabase.rpc.mock.calls.at(-1) as [string, { _indicators: unknown[] }];
    expect(args._indicators).toHaveLength(PROMOTE_LIMIT);
  });

  it('passes the server refusal on in its words', async () => {
    answerRpc('create_knowledge_from_text', () => ({
      data: null,
      error: { message: 'Your clearance does not reach TLP:AMBER.' },
    }));
    await expect(promoteValues(values, 'amber')).rejects.toThrow('Your clearance does not reach TLP:AMBER.');
  });
});

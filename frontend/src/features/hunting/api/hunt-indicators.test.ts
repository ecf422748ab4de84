import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { HUNT_LIMITS } from '@/features/hunting/utils/hunt-limits';
import type { HuntRow } from '@/features/hunting/utils/hunt-result';
import type { HuntValue } from '@/features/hunting/utils/parse-hunt-text';
import { HuntCancelledError, runHunt } from './hunt-indicators';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

interface HuntArgs {
  _types: string[];
  _values: string[];
}

const hosts = (count: number): HuntValue[] =>
  Array.from({ length: count }, (_, i) => ({ type: 'domain', value: `host${i}.example.com` }));

/** The server's answer: rows for the values in `known`, with their 1-based position in the call. */
function matchRows(args: HuntArgs, known: (value: string) => boolean): HuntRow[] {
  return args._values.flatMap((value, i) =>
    known(value)
      ? [
          {
            ordinal: i + 1,
            id: Number(value.match(/\d+/)![0]) + 1000,
            type: 'domain' as const,
            value,
            confidence: 70,
            tlp: 'green' as const,
            first_seen: '2026-01-01T00:00:00Z',
            last_seen: '2026-01-02T00:00:00Z',
            revoked: false,
            malware: [],
            sources: ['feed'],
            sightings: 0,
            sensors: [],
            score: 70,
            lifecycle_state: 'active' as const,
          },
        ]
      : [],
  );
}

beforeEach(() => resetFakeSupabase());

describe('runHunt', () => {
  it('sends slices two at a time, reports progress and maps ordinals back to the whole input', async () => {
    const values = hosts(HUNT_LIMITS.sliceValues * 2 + 500);
    let inFlight = 0;
    let most = 0;
    answerRpc('hunt_indicators', async (args) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { data: matchRows(args as HuntArgs, (value) => /^host\d*7\./.test(value)), error: null };
    });
    const progress: number[] = [];
    const result = await runHunt({
      values,
      signal: new AbortController().signal,
      onProgress: (checked) => progress.push(checked),
    });
    expect(fakeSupabase.rpc).toHaveBeenCalledTimes(3);
    expect(most).toBe(HUNT_LIMITS.parallelSlices);
    expect(progress.at(-1)).toBe(values.length);
    const expected = values.flatMap((item, index) => (/^host\d*7\./.test(item.value) ? [index] : []));
    expect(result.matched.map((match) => match.index)).toEqual(expected);
    expect(result.matched.every((match) => values[match.index]!.value === match.value)).toBe(true);
    expect(result.notMatched).toHaveLength(values.length - expected.length);
  });

  it('tries a failed slice once more, then gives up with the server’s words', async () => {
    let calls = 0;
    answerRpc('hunt_indicators', () => {
      calls += 1;
      return calls === 1
        ? { data: null, error: { message: 'temporary' } }
        : { data: matchRows({ _types: [], _values: [] }, () => false), error: null };
    });
    await expect(runHunt({ values: hosts(3), signal: new AbortController().signal })).resolves.toMatchObject({
      total: 3,
    });
    answerRpc('hunt_indicators', () => ({
      data: null,
      error: { message: 'canceling statement due to timeout' },
    }));
    await expect(runHunt({ values: hosts(3), signal: new AbortController().signal })).rejects.toThrow(
      'canceling statement due to timeout',
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const waiting: (() => void)[] = [];
    answerRpc('hunt_indicators', async (args) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { data: matchRows(args as HuntArgs, () => true), error: null };
    });
    const running = runHunt({ values: hosts(HUNT_LIMITS.sliceValues * 4), signal: controller.signal });
    await vi.waitFor(() => expect(waiting).toHaveLength(HUNT_LIMITS.parallelSlices));
    controller.abort();
    waiting.forEach((release) => release());
    await expect(running).rejects.toBeInstanceOf(HuntCancelledError);
    expect(fakeSupabase.rpc.mock.calls.length).toBeLessThanOrEqual(HUNT_LIMITS.parallelSlices);
  });
});

/**
 * A hunt against the knowledge base: `hunt_indicators` in slices the API accepts, two at a time,
 * merged back into input order. A failed slice is tried once more; cancelling stops every request.
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import {
  mergeSliceAnswers,
  type HuntResult,
  type HuntRow,
  type SliceAnswer,
} from '@/features/hunting/utils/hunt-result';
import { HUNT_LIMITS } from '@/features/hunting/utils/hunt-limits';
import type { HuntValue } from '@/features/hunting/utils/parse-hunt-text';
import { sliceValues } from '@/features/hunting/utils/slice-values';

export class HuntCancelledError extends Error {
  constructor() {
    super('The hunt was cancelled.');
  }
}

export async function huntIndicators(values: readonly HuntValue[], signal?: AbortSignal): Promise<HuntRow[]> {
  let query = supabase().rpc('hunt_indicators', {
    _types: values.map((item) => item.type),
    _values: values.map((item) => item.value),
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export interface HuntRun {
  values: readonly HuntValue[];
  signal: AbortSignal;
  /** Values checked so far. */
  onProgress?: (checked: number) => void;
}

export async function runHunt({ values, signal, onProgress }: HuntRun): Promise<HuntResult> {
  const slices = sliceValues(values);
  const answers: SliceAnswer[] = [];
  // One slice failing stops its sibling too, as does the analyst's cancel.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  signal.addEventListener('abort', cancel);
  let next = 0;
  let checked = 0;
  const ask = async (slice: (typeof slices)[number]) => {
    try {
      return await huntIndicators(slice.values, stop.signal);
    } catch (error) {
      if (stop.signal.aborted) throw error;
      return huntIndicators(slice.values, stop.signal);
    }
  };
  const worker = async () => {
    while (next < slices.length && !stop.signal.aborted) {
      const slice = slices[next++]!;
      answers.push({ start: slice.start, rows: await ask(slice) });
      checked += slice.values.length;
      onProgress?.(checked);
    }
  };
  // A cancel answers at once, even while a request is slow to notice its signal.
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(new HuntCancelledError())),
  );
  try {
    if (signal.aborted) throw new HuntCancelledError();
    const workers = Array.from({ length: Math.min(HUNT_LIMITS.parallelSlices, slices.length) }, worker);
    await Promise.race([Promise.all(workers), stopped]);
  } catch (error) {
    stop.abort();
    throw signal.aborted ? new HuntCancelledError() : error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (signal.aborted) throw new HuntCancelledError();
  return mergeSliceAnswers(values, answers);
}

export function useHuntIndicators() {
  // Slices retry themselves; a retried whole hunt would start its progress over.
  return useMutation({ mutationFn: runHunt, retry: false });
}

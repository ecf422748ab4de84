/** Runs a hunt with progress ("checked N of M") and a cancel that stops the requests in flight. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHuntIndicators } from '@/features/hunting/api/hunt-indicators';
import type { HuntValue } from '@/features/hunting/utils/parse-hunt-text';

export interface HuntProgress {
  checked: number;
  total: number;
}

export function useHuntRunner() {
  const mutation = useHuntIndicators();
  const { mutateAsync } = mutation;
  const [progress, setProgress] = useState<HuntProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (values: readonly HuntValue[]) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress({ checked: 0, total: values.length });
      try {
        return await mutateAsync({
          values,
          signal: current.signal,
          onProgress: (checked) => setProgress({ checked, total: values.length }),
        });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [mutateAsync],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);

  // Leaving the page stops the requests.
  useEffect(() => () => controller.current?.abort(), []);

  return { run, cancel, progress, mutation };
}

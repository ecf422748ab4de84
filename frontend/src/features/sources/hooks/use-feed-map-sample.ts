/** The builder's sample analysed in a worker each time the sample or the draft map changes. */
import { useEffect, useRef, useState } from 'react';
import type { SampleAnalysis } from '@/features/sources/utils/feed-map-sample';
import type { SampleRequest } from '@/features/sources/workers/feed-map-sample.worker';

export function useFeedMapSample(
  text: string | undefined,
  draft: Record<string, unknown>,
  defaults: SampleRequest['defaults'],
): { analysis: SampleAnalysis | undefined; busy: boolean } {
  const worker = useRef<Worker>(undefined);
  const latest = useRef(0);
  const [analysis, setAnalysis] = useState<SampleAnalysis>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const created = new Worker(new URL('../workers/feed-map-sample.worker.ts', import.meta.url), {
      type: 'module',
    });
    created.onmessage = (event: MessageEvent<SampleAnalysis & { id: number }>) => {
      // Only the answer to the latest request counts; an older one may arrive after it.
      if (event.data.id !== latest.current) return;
      setAnalysis(event.data);
      setBusy(false);
    };
    worker.current = created;
    return () => created.terminate();
  }, []);

  const key = JSON.stringify(draft);
  useEffect(() => {
    if (text === undefined || !worker.current) return;
    const id = ++latest.current;
    setBusy(true);
    worker.current.postMessage({ id, text, draft, defaults } satisfies SampleRequest);
    // `key` stands for the draft's contents; the object itself is new on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, key, defaults.tlp, defaults.confidence]);

  return { analysis: text === undefined ? undefined : analysis, busy };
}

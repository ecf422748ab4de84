/// <reference lib="webworker" />
/** Parses a feed map builder's sample off the page's thread (a few MB of CSV would freeze it). */
import { analyseSample, MAX_SAMPLE_BYTES } from '@/features/sources/utils/feed-map-sample';

export interface SampleRequest {
  id: number;
  text: string;
  draft: Record<string, unknown>;
  defaults: { tlp: 'clear' | 'green' | 'amber' | 'amber+strict' | 'red'; confidence: number };
}

self.onmessage = (event: MessageEvent<SampleRequest>) => {
  const { id, text, draft, defaults } = event.data;
  if (text.length > MAX_SAMPLE_BYTES) {
    self.postMessage({
      id,
      columns: [],
      typeValues: [],
      problems: ['the sample is larger than 4 MB: cut it to its first rows'],
    });
    return;
  }
  self.postMessage({ id, ...analyseSample(text, draft, defaults) });
};

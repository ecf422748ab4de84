/**
 * The paste read in the background after a pause in typing (in chunks, so a 10 MB paste never
 * freezes the tab), and on demand when a run needs it now. The last reading is kept per text.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseHuntTextInChunks, type ParsedHunt } from '@/features/hunting/utils/parse-hunt-text';

export const PARSE_PAUSE_MS = 300;

interface Reading {
  text: string;
  parsed: ParsedHunt;
}

export function useParsedPaste(text: string) {
  const [reading, setReading] = useState<Reading | null>(null);
  const latest = useRef<Reading | null>(null);

  const parse = useCallback(async (source: string, signal?: AbortSignal): Promise<ParsedHunt> => {
    if (latest.current?.text === source) return latest.current.parsed;
    const parsed = await parseHuntTextInChunks(source, { signal });
    latest.current = { text: source, parsed };
    setReading(latest.current);
    return parsed;
  }, []);

  useEffect(() => {
    if (text.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // A reading overtaken by more typing is dropped; a too-large paste never reaches here.
      parse(text, controller.signal).catch(() => undefined);
    }, PARSE_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, parse]);

  const parsed = reading?.text === text ? reading.parsed : undefined;
  return { parsed, reading: text.trim() !== '' && !parsed, parse };
}

/**
 * The hunt in the box: its text, its reading, the run and its answer, and the saved hunt it came from
 * (if the text is still that hunt's, its run is recorded on it and its name quoted in alerts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { getHuntTextQueryOptions } from '@/features/hunting/api/get-hunt-text';
import type { SavedHunt } from '@/features/hunting/api/get-hunts';
import { useRecordHuntRun } from '@/features/hunting/api/record-hunt-run';
import type { HuntResult } from '@/features/hunting/utils/hunt-result';
import type { HuntDraft } from '@/features/hunting/utils/saved-hunt-text';
import { useHuntRunner } from './use-hunt-runner';
import { useParsedPaste } from './use-parsed-paste';

export interface HuntOutcome {
  text: string;
  result: HuntResult;
  at: string;
}

export function useHuntSession(userId: string | null) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const { parsed, reading, parse } = useParsedPaste(text);
  const runner = useHuntRunner();
  const { run } = runner;
  const record = useRecordHuntRun();
  const { mutate: recordRun } = record;
  const [outcome, setOutcome] = useState<HuntOutcome | null>(null);
  const [loaded, setLoaded] = useState<{ hunt: SavedHunt; text: string } | null>(null);
  const currentHunt = loaded?.text === text ? loaded.hunt : undefined;

  const start = useCallback(
    async (source: string, hunt?: SavedHunt) => {
      try {
        const { values, overLimit } = await parse(source);
        if (overLimit || values.length === 0) return;
        const result = await run(values);
        const at = new Date().toISOString();
        setOutcome({ text: source, result, at });
        if (hunt && hunt.created_by === userId)
          recordRun({ id: hunt.id, at, matched: result.matched.length });
      } catch {
        // A cancel or a failure is the runner's state, which the page reports.
      }
    },
    [parse, run, recordRun, userId],
  );

  const runSaved = useCallback(
    async (hunt: SavedHunt) => {
      let saved: string;
      try {
        saved = await queryClient.fetchQuery(getHuntTextQueryOptions(hunt.id));
      } catch (error) {
        toast({
          title: 'The hunt could not be loaded',
          description: (error as Error).message,
          variant: 'destructive',
        });
        return;
      }
      setText(saved);
      setLoaded({ hunt, text: saved });
      await start(saved, hunt);
    },
    [queryClient, start],
  );

  const draft: HuntDraft | undefined = parsed && {
    text,
    parsed,
    lastRun: outcome?.text === text ? { at: outcome.at, matched: outcome.result.matched.length } : undefined,
  };

  return {
    text,
    setText,
    parsed,
    reading,
    runner,
    /** The last answer, kept while the text is edited. */
    outcome,
    currentHunt,
    draft,
    start: () => start(text, currentHunt),
    runSaved,
  };
}

/**
 * Watch a keyword or an e-mail domain. The database matches it against every post as it is inserted
 * (a trigger), so its mentions exist by the time this answers; RLS sets the author.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { keywordWatchRow, type KeywordKind } from '@/features/watches/utils/keyword-watch';
import { retryUnlessRefused, WatchRefusal } from '@/features/watches/utils/watch-refusal';
import { watchKeys } from './keys';

export interface NewKeywordWatch {
  kind: KeywordKind;
  input: string;
  note?: string;
}

/** Postgres' unique_violation: (kind, value_ascii) is already watched. */
const ALREADY_WATCHED = '23505';

export async function addKeywordWatch({ kind, input, note = '' }: NewKeywordWatch) {
  const read = keywordWatchRow(kind, input);
  if (!read.ok) throw new WatchRefusal(read.reason);
  const { data, error } = await supabase()
    .from('watches')
    .insert({ ...read.row, note })
    .select('id, kind, value, value_ascii')
    .single();
  if (error?.code === ALREADY_WATCHED) throw new WatchRefusal(`“${read.row.value}” is already watched.`);
  if (error) throw new Error(error.message);
  return data;
}

export type KeywordWatchAdded = Awaited<ReturnType<typeof addKeywordWatch>>;

export function useAddKeywordWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKeywordWatch,
    retry: retryUnlessRefused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchKeys.lists() }),
  });
}

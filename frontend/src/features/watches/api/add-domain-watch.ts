/**
 * Watch a domain: its lookalikes are generated here (the dnstwist families), then `add_domain_watch`
 * stores the watch with them and matches them at once against domain and URL intelligence (alerts)
 * and the domain against leak posts. Adding a watched domain again resumes it and adds what is new.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { retryUnlessRefused, WatchRefusal } from '@/features/watches/utils/watch-refusal';
import { readWatchedDomain } from '@/features/watches/utils/watched-domain';
import { watchKeys } from './keys';

export interface NewDomainWatch {
  /** As typed: defanged, a URL or Unicode are all fine. */
  input: string;
  note?: string;
}

export interface DomainWatchAdded {
  watchId: string;
  domain: string;
  generated: number;
  /** Sent to the server: all generated, unless more than one request holds. */
  sent: number;
  /** New candidates stored (a known watch keeps those it had). */
  stored: number;
  lookalikeAlerts: number;
  mentionAlerts: number;
}

/** Generating 5,000 names takes a moment: let the page paint its busy state first. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function addDomainWatch({ input, note = '' }: NewDomainWatch): Promise<DomainWatchAdded> {
  await nextFrame();
  const watched = readWatchedDomain(input);
  if (!watched.ok) throw new WatchRefusal(watched.reason);
  const { data, error } = await supabase()
    .rpc('add_domain_watch', {
      _domain: watched.domain,
      _ascii: watched.ascii,
      _lookalikes: watched.lookalikes.map(({ domain, unicode, family }) => ({ domain, unicode, family })),
      _note: note,
    })
    .single();
  if (error) throw new Error(error.message);
  return {
    watchId: data.watch_id,
    domain: watched.domain,
    generated: watched.generated,
    sent: watched.lookalikes.length,
    stored: data.lookalikes,
    lookalikeAlerts: data.lookalike_alerts,
    mentionAlerts: data.mention_alerts,
  };
}

export function useAddDomainWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDomainWatch,
    retry: retryUnlessRefused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchKeys.lists() }),
  });
}

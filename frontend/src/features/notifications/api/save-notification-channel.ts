/**
 * Adds a channel (`create_notification_channel`) or changes one (`update_notification_channel`).
 * A generated webhook secret is answered once: it goes to the caller's state only, never into the
 * query cache (the list is refetched without it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

type Kind = Database['public']['Enums']['notification_channel_kind'];
type Tlp = Database['public']['Enums']['tlp_level'];

export interface SaveChannelInput {
  id?: string;
  name: string;
  kind: Kind;
  target: string;
  maxTlp: Tlp;
  enabled: boolean;
  /** A new channel: the secret the receiver already has (empty: generate one). */
  secret?: string;
  /** An existing webhook: replace its secret with a generated one. */
  newSecret?: boolean;
}

export interface ChannelSecret {
  id: string;
  name: string;
  secret: string;
}

export async function saveNotificationChannel(input: SaveChannelInput): Promise<ChannelSecret | null> {
  const { data, error } = input.id
    ? await supabase().rpc('update_notification_channel', {
        _id: input.id,
        _name: input.name,
        _target: input.target,
        _max_tlp: input.maxTlp,
        _enabled: input.enabled,
        _new_secret: input.newSecret ?? false,
      })
    : await supabase().rpc('create_notification_channel', {
        _name: input.name,
        _kind: input.kind,
        _target: input.target,
        _max_tlp: input.maxTlp,
        ...(input.secret?.trim() ? { _secret: input.secret.trim() } : {}),
      });
  if (error) throw new Error(error.message);
  const row = data?.[0];
  return row?.secret ? { id: row.id, name: input.name, secret: row.secret } : null;
}

export function useSaveNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.channels() }),
  });
}

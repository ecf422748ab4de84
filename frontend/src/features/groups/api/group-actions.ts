/**
 * What an administrator does to groups: create, change, delete, add and remove members. Each is a
 * checked database function that audits the change; changing a RED group's ceiling, deleting it or
 * removing a member answers a warning when someone no longer reads TLP:RED.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { groupKeys } from './keys';

export interface GroupInput {
  /** The group to change; undefined for a new one. */
  id?: string;
  name: string;
  maxTlp: string;
  description: string;
}

/** The server's warning, if any (null when nobody lost anything). */
export type Warning = string | null;

const warningOf = (data: unknown): Warning =>
  ((data as { warning?: string | null } | null)?.warning ?? null) || null;

export async function saveGroup(input: GroupInput): Promise<Warning> {
  const fields = { _name: input.name, _max_tlp: input.maxTlp, _description: input.description };
  if (input.id) {
    const { data, error } = await supabase().rpc('update_group', { _id: input.id, ...fields });
    if (error) throw new Error(error.message);
    return warningOf(data);
  }
  const { error } = await supabase().rpc('create_group', fields);
  if (error) throw new Error(error.message);
  return null;
}

export async function deleteGroup(id: string): Promise<Warning> {
  const { data, error } = await supabase().rpc('delete_group', { _id: id });
  if (error) throw new Error(error.message);
  return warningOf(data);
}

export interface Membership {
  groupId: string;
  userId: string;
}

export async function addGroupMember({ groupId, userId }: Membership): Promise<Warning> {
  const { error } = await supabase().rpc('add_group_member', { _group_id: groupId, _user_id: userId });
  if (error) throw new Error(error.message);
  return null;
}

export async function removeGroupMember({ groupId, userId }: Membership): Promise<Warning> {
  const { data, error } = await supabase().rpc('remove_group_member', {
    _group_id: groupId,
    _user_id: userId,
  });
  if (error) throw new Error(error.message);
  return warningOf(data);
}

function useGroupMutation<Input>(mutationFn: (input: Input) => Promise<Warning>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export const useSaveGroup = () => useGroupMutation(saveGroup);
export const useDeleteGroup = () => useGroupMutation(deleteGroup);
export const useAddGroupMember = () => useGroupMutation(addGroupMember);
export const useRemoveGroupMember = () => useGroupMutation(removeGroupMember);

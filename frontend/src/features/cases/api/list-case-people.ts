/** The people a case or task can be assigned to (the server still checks their clearance). */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export type CasePerson = Database['public']['Functions']['assignable_users']['Returns'][number];

export async function listCasePeople(): Promise<CasePerson[]> {
  const { data, error } = await supabase().rpc('assignable_users');
  if (error) throw new Error(error.message);
  return data;
}

export const useCasePeople = () =>
  useQuery({ queryKey: caseKeys.people(), queryFn: listCasePeople, staleTime: 5 * 60_000 });

export function personName(people: readonly CasePerson[] | undefined, id: string | null): string {
  if (!id) return 'Nobody';
  const person = people?.find((p) => p.id === id);
  return person ? person.display_name || person.email || 'Someone' : 'Someone';
}

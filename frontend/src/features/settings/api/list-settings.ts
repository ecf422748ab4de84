/** Every setting with its type, range, value and last editor (`list_settings`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { settingKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['list_settings']['Returns'][number];

export type SettingType = 'integer' | 'enum' | 'boolean';
export type SettingValue = number | string | boolean;

/** What the server leaves empty: ranges of non-integers, values of non-enums, units, a script's edit. */
export type Setting = Omit<
  GeneratedRow,
  'type' | 'value' | 'min_value' | 'max_value' | 'allowed_values' | 'unit' | 'updated_by_email'
> & {
  type: SettingType;
  value: SettingValue;
  min_value: number | null;
  max_value: number | null;
  allowed_values: string[] | null;
  unit: string | null;
  updated_by_email: string | null;
};

export async function listSettings(signal?: AbortSignal): Promise<Setting[]> {
  let query = supabase().rpc('list_settings');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as Setting[];
}

export function listSettingsQueryOptions() {
  return queryOptions({ queryKey: settingKeys.list(), queryFn: ({ signal }) => listSettings(signal) });
}

export function useSettings() {
  return useQuery(listSettingsQueryOptions());
}

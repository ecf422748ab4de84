/** The audit rows of one setting, newest first: who changed it, when, from what to what. */
import { useQuery } from '@tanstack/react-query';
import { getTargetHistory, type TargetChange } from '@/lib/audit-history';
import { settingKeys } from './keys';

export type SettingChange = TargetChange;

export function useSettingHistory(key: string) {
  return useQuery({
    queryKey: settingKeys.history(key),
    queryFn: ({ signal }) => getTargetHistory(['setting'], key, signal),
  });
}

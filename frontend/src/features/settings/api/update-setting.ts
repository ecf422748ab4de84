/** Changes one setting; the server validates type and range again and records old -> new in the audit trail. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { SettingValue } from './list-settings';
import { settingKeys } from './keys';

export async function updateSetting({ key, value }: { key: string; value: SettingValue }) {
  const { data, error } = await supabase().rpc('update_setting', { _key: key, _value: value });
  if (error) throw new Error(error.message);
  return data[0];
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingKeys.all }),
  });
}

/** The audit rows about one user and their role, newest first. */
import { useQuery } from '@tanstack/react-query';
import { getTargetHistory, type TargetChange } from '@/lib/audit-history';
import { userKeys } from './keys';

export type AuditRow = TargetChange;

export function useUserHistory(userId: string) {
  return useQuery({
    queryKey: userKeys.history(userId),
    queryFn: ({ signal }) => getTargetHistory(['user', 'user_role'], userId, signal),
  });
}

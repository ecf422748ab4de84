/** Says when an activity tab lists only the latest rows of more. */
import { formatInteger } from '@/lib/format/format';

interface ActivitySummaryProps {
  shown: number;
  total: number | undefined;
  noun: string;
}

export function ActivitySummary({ shown, total, noun }: ActivitySummaryProps) {
  if (total === undefined || total <= shown) return null;
  return <>{`The latest ${formatInteger(shown)} of ${formatInteger(total)} ${noun}.`}</>;
}

/**
 * Raise alerts for matched rows and say how it went: a toast linking to the alert in the Threat
 * Intelligence Hub (several: to the hunt alerts there), refusals in the server's own words. The rows
 * remember their alert (`raisedAlerts`, indicator id → alert id), so each shows it was raised.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import { useRaiseHuntAlerts } from '@/features/hunting/api/raise-hunt-alert';
import { HUNT_LIMITS } from '@/features/hunting/utils/hunt-limits';
import type { HuntMatch } from '@/features/hunting/utils/hunt-result';

/** Long enough to reach the link from the keyboard. */
const LINK_TOAST_MS = 10_000;

export function useRaiseAlerts(huntName: string | undefined) {
  const navigate = useNavigate();
  const mutation = useRaiseHuntAlerts();
  const { mutateAsync } = mutation;
  const [raisedAlerts, setRaisedAlerts] = useState<ReadonlyMap<number, string>>(new Map());
  const raise = useCallback(
    async (rows: readonly HuntMatch[]) => {
      const ids = [...new Set(rows.map((row) => row.id))].slice(0, HUNT_LIMITS.maxAlertsAtOnce);
      let answer: Awaited<ReturnType<typeof mutateAsync>>;
      try {
        answer = await mutateAsync(ids.map((indicatorId) => ({ indicatorId, hunt: huntName })));
      } catch (error) {
        toast({
          title: 'No alert was raised',
          description: (error as Error).message,
          variant: 'destructive',
        });
        return;
      }
      const { alertIds, failures, raised } = answer;
      if (raised.length)
        setRaisedAlerts((known) => {
          const next = new Map(known);
          for (const { indicatorId, alertId } of raised) next.set(indicatorId, alertId);
          return next;
        });
      const hub = platformPath('threatIntelligenceHub');
      const href = alertIds.length === 1 ? `${hub}?alert=${alertIds[0]}` : `${hub}?category=hunt`;
      const refused = failures.length
        ? `${failures.length === 1 ? 'One was' : `${failures.length} were`} refused: ${failures[0]!.message}`
        : '';
      if (alertIds.length === 0) {
        toast({
          title: ids.length === 1 ? 'No alert was raised' : 'No alerts were raised',
          description: failures[0]?.message ?? 'The server did not answer.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: alertIds.length === 1 ? 'Alert raised' : `${alertIds.length} alerts raised`,
        description: refused || undefined,
        duration: LINK_TOAST_MS,
        link: {
          label: alertIds.length === 1 ? 'Open the alert' : 'Open the hunt alerts',
          href,
          onNavigate: () => void navigate(href),
        },
      });
    },
    [mutateAsync, huntName, navigate],
  );
  return { raise, raising: mutation.isPending, raisedAlerts };
}

/** A source's health and a run's status as badges: colour, icon and word together, never colour alone. */
import { Badge } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCircleCheck, LuCircleX, LuClock, LuLoaderCircle } from 'react-icons/lu';
import { healthLook } from '@/features/sources/utils/source-health';

export function HealthBadge({ health }: { health: string }) {
  const look = healthLook(health);
  const Icon = look.icon;
  return (
    <Badge
      size="sm"
      colorPalette={look.palette}
      // Solid red for what is broken (white on red.600 passes AA); orange solid would not, so outlined.
      variant={look.palette === 'red' ? 'solid' : look.attention ? 'surface' : 'subtle'}
      data-health={health}
    >
      <Icon aria-hidden="true" />
      {look.label}
    </Badge>
  );
}

const RUN_LOOKS: Record<string, { label: string; palette: string; icon: IconType }> = {
  queued: { label: 'Queued', palette: 'gray', icon: LuClock },
  running: { label: 'Running', palette: 'blue', icon: LuLoaderCircle },
  succeeded: { label: 'Succeeded', palette: 'green', icon: LuCircleCheck },
  failed: { label: 'Failed', palette: 'red', icon: LuCircleX },
};

export function RunStatusBadge({ status }: { status: string }) {
  const look = RUN_LOOKS[status] ?? { label: status, palette: 'gray', icon: LuClock };
  const Icon = look.icon;
  return (
    <Badge size="sm" variant="outline" colorPalette={look.palette} data-run-status={status}>
      <Icon aria-hidden="true" />
      {look.label}
    </Badge>
  );
}

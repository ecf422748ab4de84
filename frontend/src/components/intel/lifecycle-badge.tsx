/**
 * Whether an indicator is still worth acting on, as the server judges it (`lifecycle_state`):
 * expired, revoked and decayed values are still found and shown, but no longer raise alerts.
 */
import { Badge } from '@chakra-ui/react';
import type { Database } from '@db/types';

export type LifecycleState = Database['public']['Enums']['indicator_lifecycle_state'];

const BADGES: Record<LifecycleState, { label: string; palette: string; variant: 'outline' | 'subtle' }> = {
  active: { label: 'Active', palette: 'green', variant: 'outline' },
  decayed: { label: 'Decayed', palette: 'orange', variant: 'subtle' },
  expired: { label: 'Expired', palette: 'gray', variant: 'subtle' },
  revoked: { label: 'Revoked', palette: 'gray', variant: 'subtle' },
};

export function lifecycleLabel(state: LifecycleState): string {
  return BADGES[state].label;
}

export function LifecycleBadge({ state }: { state: LifecycleState }) {
  const badge = BADGES[state];
  return (
    <Badge colorPalette={badge.palette} size="sm" variant={badge.variant}>
      {badge.label}
    </Badge>
  );
}

/** A case's SLA state as a badge (words, not only colour). */
import { Badge } from '@chakra-ui/react';
import { SLA_LABELS, slaState, type SlaFields } from '@/features/cases/utils/sla';

const PALETTE = {
  breached: 'red',
  at_risk: 'orange',
  on_track: 'green',
  paused: 'blue',
  met: 'gray',
  missed: 'red',
} as const;

export function SlaBadge({ row }: { row: SlaFields }) {
  const state = slaState(row);
  return (
    <Badge colorPalette={PALETTE[state]} variant={state === 'breached' ? 'solid' : 'subtle'}>
      {SLA_LABELS[state]}
    </Badge>
  );
}

/** An asset's criticality in the severity colours, so a critical host reads as one at a glance. */
import { Badge } from '@chakra-ui/react';

const PALETTE: Record<string, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'gray' };

export function CriticalityBadge({ criticality }: { criticality: string }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={PALETTE[criticality] ?? 'gray'}>
      {criticality}
    </Badge>
  );
}

/** A security event's severity as a coloured badge with its word (never colour alone). */
import { Badge } from '@chakra-ui/react';

const PALETTES: Record<string, string> = { low: 'gray', medium: 'yellow', high: 'orange', critical: 'red' };

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <Badge size="sm" colorPalette={PALETTES[severity] ?? 'gray'} variant="subtle">
      {severity}
    </Badge>
  );
}

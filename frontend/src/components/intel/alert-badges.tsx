/** An alert's severity and status, in the colours the Hub uses for them. */
import { Badge } from '@chakra-ui/react';

const SEVERITY_PALETTE: Record<string, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'blue',
};
const STATUS_PALETTE: Record<string, string> = {
  new: 'red',
  acknowledged: 'orange',
  investigating: 'purple',
  resolved: 'green',
  dismissed: 'gray',
};

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <Badge
      size="sm"
      colorPalette={SEVERITY_PALETTE[severity] ?? 'gray'}
      variant={severity === 'critical' ? 'solid' : 'subtle'}
    >
      {severity}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={STATUS_PALETTE[status] ?? 'gray'}>
      {status}
    </Badge>
  );
}

/** Severity and status as badges in the theme's semantic colours. */
import { Badge } from '@chakra-ui/react';
import { STATUS_LABELS } from '@/features/alerts/utils/transitions';
import type { AlertSeverity, AlertStatus } from '@/features/alerts/schemas/alert-filters';

const SEVERITY_PALETTE: Record<AlertSeverity, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'blue',
};
const STATUS_PALETTE: Record<AlertStatus, string> = {
  new: 'red',
  acknowledged: 'orange',
  investigating: 'purple',
  resolved: 'green',
  dismissed: 'gray',
};

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge
      size="sm"
      colorPalette={SEVERITY_PALETTE[severity]}
      variant={severity === 'critical' ? 'solid' : 'subtle'}
    >
      {severity}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: AlertStatus }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={STATUS_PALETTE[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

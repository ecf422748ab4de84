/** The alerts one indicator raised; each opens in the Threat Intelligence Hub. */
import { Flex, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { SeverityBadge, StatusBadge } from '@/components/intel/alert-badges';
import { AlertText } from '@/components/intel/alert-text';
import { entityPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/format';
import type { IndicatorActivity } from '@/features/indicators/api/get-indicator-activity';
import { useIndicatorAlerts } from '@/features/indicators/api/get-indicator-alerts';
import { ActivitySummary } from './activity-summary';

export function IndicatorAlertsTab({ id, activity }: { id: number; activity: IndicatorActivity | null }) {
  const alerts = useIndicatorAlerts(id);
  if (alerts.isPending) return <Spinner size="sm" />;
  if (alerts.isError) return <Text role="alert">The alerts could not be loaded: {alerts.error.message}</Text>;
  if (alerts.data.length === 0) return <Text color="fg.muted">It has raised no alert.</Text>;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Newest first, closed ones too.{' '}
        <ActivitySummary shown={alerts.data.length} total={activity?.alerts} noun="alerts" />
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" ps="0">
        {alerts.data.map((alert) => (
          <li key={alert.id}>
            <Stack gap="1">
              <ChakraLink asChild colorPalette="blue" fontWeight="medium">
                <Link to={entityPaths.alert(alert.id)}>
                  <AlertText value={alert.title} category={alert.category} />
                </Link>
              </ChakraLink>
              <Flex gap="2" align="center" wrap="wrap" fontSize="sm" color="fg.muted">
                <SeverityBadge severity={alert.severity} />
                <StatusBadge status={alert.status} />
                <span>{formatDateTime(alert.created_at)}</span>
              </Flex>
            </Stack>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

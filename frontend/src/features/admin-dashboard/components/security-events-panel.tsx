/** Security events: type and severity filters (URL), the chart over time, the table and the detail drawer. */
import { Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import type { DataTableColumn } from '@/components/data-table/types';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatCompactDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useSecurityEventTypes } from '@/features/admin-dashboard/api/get-security-event-types';
import { useSecurityEvents, type SecurityEventRow } from '@/features/admin-dashboard/api/get-security-events';
import { SEVERITIES, type AdminView } from '@/features/admin-dashboard/schemas/admin-view';
import { EventChart } from './event-chart';
import { EventDrawer } from './event-drawer';
import { SeverityBadge } from './severity-badge';

const columns: DataTableColumn<SecurityEventRow>[] = [
  {
    id: 'created_at',
    header: 'When',
    width: '10rem',
    cell: (row) => formatCompactDateTime(row.created_at),
    csv: (row) => row.created_at,
  },
  {
    id: 'event_type',
    header: 'Type',
    width: 'minmax(12rem, 2fr)',
    required: true,
    cell: (row) => <InertText value={row.event_type} defangLinks={false} singleLine />,
    csv: (row) => row.event_type,
  },
  {
    id: 'severity',
    header: 'Severity',
    width: '7rem',
    cell: (row) => <SeverityBadge severity={row.severity} />,
    csv: (row) => row.severity,
  },
  { id: 'source', header: 'Source', width: '6rem', cell: (row) => row.source, csv: (row) => row.source },
  {
    id: 'details',
    header: 'Details',
    width: 'minmax(14rem, 3fr)',
    cell: (row) => <InertText value={JSON.stringify(row.details)} singleLine />,
    csv: (row) => JSON.stringify(row.details),
  },
];

interface PanelProps {
  view: AdminView;
  onChange: (patch: Partial<AdminView>, options?: { push?: boolean }) => void;
}

export function SecurityEventsPanel({ view, onChange }: PanelProps) {
  const types = useSecurityEventTypes();
  const events = useSecurityEvents(view.type, view.severity);
  const rows = useMemo(() => events.data?.pages.flat() ?? [], [events.data]);
  const open = view.event === undefined ? undefined : rows.find((row) => row.id === view.event);
  return (
    <Stack gap="4">
      <Flex role="search" aria-label="Filter security events" gap="2" wrap="wrap" align="center">
        <FilterSelect
          label="Event type"
          value={view.type ?? ''}
          onChange={(value) => onChange({ type: value || undefined, event: undefined })}
        >
          <option value="">All types</option>
          {view.type && !types.data?.some((item) => item.event_type === view.type) && (
            <option value={view.type}>{view.type}</option>
          )}
          {types.data?.map((item) => (
            <option key={item.event_type} value={item.event_type}>
              {item.event_type}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Severity"
          value={view.severity ?? ''}
          onChange={(value) =>
            onChange({ severity: (value || undefined) as AdminView['severity'], event: undefined })
          }
        >
          <option value="">All severities</option>
          {SEVERITIES.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </FilterSelect>
        {types.isError && <Text fontSize="sm">The event types could not be loaded.</Text>}
      </Flex>
      <EventChart
        days={view.days}
        type={view.type}
        severity={view.severity}
        onDaysChange={(days) => onChange({ days })}
      />
      <DataTable
        label="Security events"
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        {...pagedTableState(events, 'The security events')}
        emptyMessage="No security event matches these filters."
        onActivate={(row) => onChange({ event: row.id }, { push: true })}
        height="50vh"
      />
      <EventDrawer event={open} onClose={() => onChange({ event: undefined })} />
    </Stack>
  );
}

/** The audit trail: paged, filtered by action, actor and target type, each change shown as old → new text. */
import { Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import type { DataTableColumn } from '@/components/data-table/types';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatCompactDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useAuditFacets } from '@/features/admin-dashboard/api/get-audit-facets';
import { useAuditTrail, type AuditRow } from '@/features/admin-dashboard/api/get-audit-trail';
import type { AdminView } from '@/features/admin-dashboard/schemas/admin-view';
import { AuditChanges } from './audit-changes-list';

const columns: DataTableColumn<AuditRow>[] = [
  {
    id: 'occurred_at',
    header: 'When',
    width: '10rem',
    cell: (row) => formatCompactDateTime(row.occurred_at),
    csv: (row) => row.occurred_at,
  },
  {
    id: 'actor',
    header: 'Actor',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => (
      <InertText
        value={`${row.actor_email ?? row.actor_role} (${row.actor_role})`}
        defangLinks={false}
        singleLine
      />
    ),
    csv: (row) => row.actor_email ?? row.actor_role,
  },
  {
    id: 'action',
    header: 'Action',
    width: 'minmax(10rem, 2fr)',
    required: true,
    cell: (row) => <InertText value={row.action} defangLinks={false} singleLine />,
    csv: (row) => row.action,
  },
  {
    id: 'target',
    header: 'Target',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => (
      <InertText value={`${row.target_type} ${row.target_id ?? ''}`} defangLinks={false} singleLine />
    ),
    csv: (row) => `${row.target_type}:${row.target_id ?? ''}`,
  },
  {
    id: 'changes',
    header: 'Change',
    width: 'minmax(16rem, 4fr)',
    cell: (row) => <AuditChanges details={row.details} />,
    csv: (row) => JSON.stringify(row.details),
  },
];

interface PanelProps {
  view: AdminView;
  onChange: (patch: Partial<AdminView>) => void;
}

export function AuditPanel({ view, onChange }: PanelProps) {
  const facets = useAuditFacets();
  const trail = useAuditTrail({ action: view.action, actor: view.actor, target: view.target });
  const rows = useMemo(() => trail.data?.pages.flat() ?? [], [trail.data]);
  const options = (values: readonly string[] | undefined, current: string | undefined) =>
    [...new Set([...(current ? [current] : []), ...(values ?? [])])].map((value) => (
      <option key={value} value={value}>
        {value}
      </option>
    ));
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Every administrative action, written by the server in the same transaction; nobody can change or
        delete a row.
      </Text>
      <Flex role="search" aria-label="Filter the audit trail" gap="2" wrap="wrap">
        <FilterSelect
          label="Action"
          value={view.action ?? ''}
          onChange={(value) => onChange({ action: value || undefined })}
        >
          <option value="">All actions</option>
          {options(facets.data?.actions, view.action)}
        </FilterSelect>
        <FilterSelect
          label="Actor"
          value={view.actor ?? ''}
          onChange={(value) => onChange({ actor: value || undefined })}
        >
          <option value="">All actors</option>
          {options(facets.data?.actors, view.actor)}
        </FilterSelect>
        <FilterSelect
          label="Target"
          value={view.target ?? ''}
          onChange={(value) => onChange({ target: value || undefined })}
        >
          <option value="">All targets</option>
          {options(facets.data?.targetTypes, view.target)}
        </FilterSelect>
      </Flex>
      <DataTable
        label="Audit trail"
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        {...pagedTableState(trail, 'The audit trail')}
        emptyMessage="No audit row matches these filters."
        height="60vh"
      />
    </Stack>
  );
}

/** The triage queue's columns. */
import type { DataTableColumn } from '@/components/data-table/types';
import { AlertText } from '@/components/intel/alert-text';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { AlertRow } from '@/features/alerts/api/list-alerts';
import { SeverityBadge, StatusBadge } from './severity-badge';

export function alertColumns(nameOf: (userId: string | null) => string): DataTableColumn<AlertRow>[] {
  return [
    {
      id: 'severity',
      header: 'Severity',
      width: '7rem',
      cell: (row) => <SeverityBadge severity={row.severity} />,
      csv: (row) => row.severity,
    },
    {
      id: 'title',
      header: 'Alert',
      width: 'minmax(16rem, 3fr)',
      required: true,
      cell: (row) => <AlertText value={row.title} category={row.category} singleLine />,
      csv: (row) => row.title,
    },
    {
      id: 'status',
      header: 'Status',
      width: '8.5rem',
      cell: (row) => <StatusBadge status={row.status} />,
      csv: (row) => row.status,
    },
    {
      id: 'category',
      header: 'Category',
      width: '9rem',
      cell: (row) => <InertText value={row.category} defangLinks={false} singleLine />,
      csv: (row) => row.category,
    },
    {
      id: 'assignee',
      header: 'Assignee',
      width: '10rem',
      cell: (row) => <InertText value={nameOf(row.assigned_to)} defangLinks={false} singleLine />,
      csv: (row) => nameOf(row.assigned_to),
    },
    {
      id: 'created_at',
      header: 'Raised',
      width: '11rem',
      cell: (row) => formatDateTime(row.created_at),
      csv: (row) => row.created_at,
    },
  ];
}

/** The Cases table's columns: title as inert text, kind, status, severity, SLA, assignee, due date. */
import { Badge } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { SeverityBadge } from '@/components/intel/alert-badges';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { KIND_LABELS, STATUS_LABELS } from '@/features/cases/schemas/case-filters';
import { slaState, SLA_LABELS } from '@/features/cases/utils/sla';
import { SlaBadge } from './sla-badge';

export function caseColumns(name: (id: string | null) => string): DataTableColumn<CaseRow>[] {
  return [
    {
      id: 'title',
      header: 'Case',
      width: 'minmax(14rem, 3fr)',
      required: true,
      cell: (row) => <InertText value={row.title} singleLine defangLinks />,
      csv: (row) => row.title,
    },
    {
      id: 'kind',
      header: 'Kind',
      width: '11rem',
      cell: (row) => KIND_LABELS[row.kind],
      csv: (row) => row.kind,
    },
    {
      id: 'status',
      header: 'Status',
      width: '7.5rem',
      cell: (row) => <Badge variant="outline">{STATUS_LABELS[row.status]}</Badge>,
      csv: (row) => row.status,
    },
    {
      id: 'severity',
      header: 'Severity',
      width: '6.5rem',
      cell: (row) => <SeverityBadge severity={row.severity} />,
      csv: (row) => row.severity,
    },
    {
      id: 'sla',
      header: 'SLA',
      width: '7rem',
      cell: (row) => <SlaBadge row={row} />,
      csv: (row) => SLA_LABELS[slaState(row)],
    },
    {
      id: 'tlp',
      header: 'TLP',
      width: '7.5rem',
      cell: (row) => <TlpBadge tlp={row.tlp} />,
      csv: (row) => row.tlp,
    },
    {
      id: 'assignee',
      header: 'Assignee',
      width: '10rem',
      cell: (row) => name(row.assignee),
      csv: (row) => name(row.assignee),
    },
    {
      id: 'due',
      header: 'Due',
      width: '10rem',
      cell: (row) => (row.due_at ? formatDateTime(row.due_at) : '—'),
      csv: (row) => row.due_at,
    },
  ];
}

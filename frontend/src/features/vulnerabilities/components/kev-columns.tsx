/** The Live CVE Feed's columns: vendor and product, dates (overdue stands out), ransomware, EPSS, CVSS. */
import { Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { KevDueDate, RansomwareUse } from '@/components/intel/kev-cells';
import { formatIsoDate, formatPercent } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { KevRow } from '@/features/vulnerabilities/api/get-kev-feed';
import { EpssTrend } from './epss-trend';

const SEVERITY_TOKEN: Record<string, string> = {
  critical: 'severity.critical',
  high: 'severity.high',
  medium: 'severity.medium',
  low: 'severity.low',
};

export const kevColumns: DataTableColumn<KevRow>[] = [
  {
    id: 'cve_id',
    header: 'CVE',
    width: '9rem',
    required: true,
    cell: (row) => (
      <Text as="span" fontFamily="mono">
        {row.cve_id}
      </Text>
    ),
    csv: (row) => row.cve_id,
  },
  {
    id: 'vendor',
    header: 'Vendor · product',
    width: 'minmax(10rem, 2fr)',
    cell: (row) => (
      <InertText value={`${row.vendor ?? '—'} · ${row.product ?? '—'}`} defangLinks={false} singleLine />
    ),
    csv: (row) => `${row.vendor ?? ''} ${row.product ?? ''}`.trim(),
  },
  {
    id: 'title',
    header: 'Vulnerability',
    width: 'minmax(10rem, 3fr)',
    cell: (row) => <InertText value={row.title ?? ''} singleLine />,
    csv: (row) => row.title,
  },
  {
    id: 'date_added',
    header: 'Added',
    width: '7.5rem',
    sortable: true,
    cell: (row) => formatIsoDate(row.kev_date_added) ?? '—',
    csv: (row) => row.kev_date_added,
  },
  {
    id: 'due_date',
    header: 'Due',
    width: '7.5rem',
    sortable: true,
    cell: (row) => <KevDueDate date={row.kev_due_date} overdue={row.overdue} />,
    csv: (row) => row.kev_due_date,
  },
  {
    id: 'ransomware',
    header: 'Ransomware',
    width: '6.5rem',
    cell: (row) => <RansomwareUse use={row.ransomware_use} />,
    csv: (row) => row.ransomware_use,
  },
  {
    id: 'epss',
    header: 'EPSS',
    width: '6rem',
    align: 'end',
    sortable: true,
    cell: (row) => <EpssTrend score={row.epss_score} previous={row.epss_previous_score} />,
    csv: (row) => row.epss_score,
  },
  {
    id: 'percentile',
    header: 'Pctl.',
    width: '4.5rem',
    align: 'end',
    cell: (row) => formatPercent(row.epss_percentile, 0),
    csv: (row) => row.epss_percentile,
  },
  {
    id: 'cvss',
    header: 'CVSS',
    width: '4.5rem',
    align: 'end',
    sortable: true,
    cell: (row) =>
      row.cvss_base_score == null ? (
        '—'
      ) : (
        <Text as="span" color={SEVERITY_TOKEN[row.cvss_severity ?? ''] ?? 'fg'} fontWeight="semibold">
          {Number(row.cvss_base_score).toFixed(1)}
        </Text>
      ),
    csv: (row) => row.cvss_base_score,
  },
];

export const KEV_SORT_DIRECTIONS = {
  date_added: 'descending',
  epss: 'descending',
  cvss: 'descending',
  due_date: 'ascending',
} as const;

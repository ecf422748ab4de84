/**
 * The exposure list's columns: which asset, which product, which KEV entry (linked to the Live CVE
 * Feed), and what makes it urgent: an overdue due date, known ransomware use, EPSS, CVSS.
 */
import { Badge, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { KevDueDate, RansomwareUse } from '@/components/intel/kev-cells';
import { formatPercent } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { ExposureRow } from '@/features/assets/api/get-exposures';
import { productText } from '@/features/assets/utils/asset-text';
import { isOverdue } from '@/features/assets/utils/exposures';
import { CriticalityBadge } from './criticality-badge';

export function exposureColumns(
  cveHref: (cveId: string) => string,
  today: string,
): DataTableColumn<ExposureRow>[] {
  return [
    {
      id: 'asset',
      header: 'Asset',
      width: 'minmax(10rem, 2fr)',
      required: true,
      cell: (row) => <InertText value={row.hostname ?? row.ip ?? ''} defangLinks={false} singleLine />,
      csv: (row) => row.hostname ?? row.ip,
    },
    {
      id: 'criticality',
      header: 'Criticality',
      width: '6.5rem',
      cell: (row) => <CriticalityBadge criticality={row.criticality} />,
      csv: (row) => row.criticality,
    },
    {
      id: 'product',
      header: 'Product',
      width: 'minmax(12rem, 2fr)',
      cell: (row) => (
        <Flex gap="2" align="center" minWidth="0">
          <InertText value={productText(row)} defangLinks={false} singleLine />
          {row.version_check === 'unknown' && (
            <Badge
              size="sm"
              variant="outline"
              flexShrink={0}
              title="The asset gives no version, or the CVE record no affected range: check it by hand."
            >
              version not checked
            </Badge>
          )}
        </Flex>
      ),
      csv: (row) => `${productText(row)}${row.version_check === 'unknown' ? ' (version not checked)' : ''}`,
    },
    {
      id: 'cve',
      header: 'CVE',
      width: '9.5rem',
      required: true,
      cell: (row) => (
        <ChakraLink asChild fontFamily="mono">
          <Link to={cveHref(row.cve_id)}>{row.cve_id}</Link>
        </ChakraLink>
      ),
      csv: (row) => row.cve_id,
    },
    {
      id: 'kev_name',
      header: 'Vulnerability',
      width: 'minmax(10rem, 2fr)',
      cell: (row) => <InertText value={row.kev_name ?? ''} defangLinks={false} singleLine />,
      csv: (row) => row.kev_name,
    },
    {
      id: 'due',
      header: 'Due',
      width: '7.5rem',
      cell: (row) => <KevDueDate date={row.kev_due_date} overdue={isOverdue(row.kev_due_date, today)} />,
      csv: (row) => row.kev_due_date,
    },
    {
      id: 'ransomware',
      header: 'Ransomware',
      width: '6.5rem',
      cell: (row) => <RansomwareUse use={row.kev_ransomware_use} />,
      csv: (row) => row.kev_ransomware_use,
    },
    {
      id: 'epss',
      header: 'EPSS',
      width: '5rem',
      align: 'end',
      cell: (row) => (
        <span title={`Percentile ${formatPercent(row.epss_percentile, 0)}`}>
          {formatPercent(row.epss_score)}
        </span>
      ),
      csv: (row) => row.epss_score,
    },
    {
      id: 'cvss',
      header: 'CVSS',
      width: '4.5rem',
      align: 'end',
      cell: (row) => (row.cvss_base_score == null ? '—' : Number(row.cvss_base_score).toFixed(1)),
      csv: (row) => row.cvss_base_score,
    },
  ];
}

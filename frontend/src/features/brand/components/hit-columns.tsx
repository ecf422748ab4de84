/** The columns of the lookalikes found in intelligence; each row links to its alert in the Hub. */
import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { entityPaths } from '@/config/paths';
import { formatCompactDateTime } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { LookalikeHit } from '@/features/brand/api/get-lookalike-hits';
import { SeverityBadge, StatusBadge } from '@/components/intel/alert-badges';

/** The Hub opens the alert named in its URL. */
export const alertHref = entityPaths.alert;

export const hitColumns: DataTableColumn<LookalikeHit>[] = [
  {
    id: 'lookalike',
    header: 'Lookalike',
    width: 'minmax(12rem, 2fr)',
    required: true,
    cell: (row) => <IndicatorValue value={row.evidence.lookalike} singleLine />,
    csv: (row) => row.evidence.lookalike,
  },
  {
    id: 'unicode',
    header: 'Reads as',
    width: 'minmax(8rem, 1fr)',
    // The display form is what fools the eye; defanged too, since it is a domain as well.
    cell: (row) => <InertText value={row.evidence.unicode} singleLine />,
    csv: (row) => row.evidence.unicode,
  },
  {
    id: 'watch',
    header: 'Watched domain',
    width: '10rem',
    cell: (row) => <InertText value={row.evidence.watch} defangLinks={false} singleLine />,
    csv: (row) => row.evidence.watch,
  },
  {
    id: 'family',
    header: 'Family',
    width: '8rem',
    cell: (row) => row.evidence.family,
    csv: (row) => row.evidence.family,
  },
  {
    id: 'listed',
    header: 'Listed as',
    width: 'minmax(12rem, 2fr)',
    cell: (row) => <IndicatorValue value={row.evidence.value} singleLine />,
    csv: (row) => row.evidence.value,
  },
  {
    id: 'tlp',
    header: 'TLP',
    width: '8rem',
    cell: (row) => (row.evidence.tlp ? <TlpBadge tlp={row.evidence.tlp} /> : '—'),
    csv: (row) => row.evidence.tlp,
  },
  {
    id: 'severity',
    header: 'Severity',
    width: '6.5rem',
    cell: (row) => <SeverityBadge severity={row.severity} />,
    csv: (row) => row.severity,
  },
  {
    id: 'status',
    header: 'Status',
    width: '7.5rem',
    cell: (row) => <StatusBadge status={row.status} />,
    csv: (row) => row.status,
  },
  {
    id: 'created_at',
    header: 'Raised (UTC)',
    width: '9.5rem',
    cell: (row) => (
      <Text as="span" fontVariantNumeric="tabular-nums">
        {formatCompactDateTime(row.created_at)}
      </Text>
    ),
    csv: (row) => row.created_at,
  },
  {
    id: 'alert',
    header: 'Alert',
    width: '6rem',
    cell: (row) => (
      <ChakraLink asChild fontSize="sm">
        <Link
          to={alertHref(row.id)}
          aria-label={`Open the alert for ${inertString(row.evidence.lookalike)}`}
          onClick={(event) => event.stopPropagation()}
        >
          Open
        </Link>
      </ChakraLink>
    ),
    csv: (row) => row.id,
  },
];

/**
 * Columns of leak posts. Everything here is a criminal's claim, scraped: victim names, groups and
 * websites are inert text, and anything that looks like a host or a link is defanged.
 */
import { Badge, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';

export interface PostCells {
  source: string;
  group_name: string | null;
  victim: string;
  published_at: string;
  country: string | null;
  sector: string | null;
  website: string | null;
}

const text = (value: string | null) =>
  value ? (
    <InertText value={value} singleLine />
  ) : (
    <Text as="span" color="fg.muted">
      —
    </Text>
  );

export function postColumns<Row>(post: (row: Row) => PostCells): DataTableColumn<Row>[] {
  return [
    {
      id: 'published_at',
      header: 'Published (UTC)',
      width: '9.5rem',
      cell: (row) => (
        <Text as="span" fontVariantNumeric="tabular-nums">
          {formatCompactDateTime(post(row).published_at)}
        </Text>
      ),
      csv: (row) => post(row).published_at,
    },
    {
      id: 'group',
      header: 'Group',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => text(post(row).group_name),
      csv: (row) => post(row).group_name,
    },
    {
      id: 'victim',
      header: 'Victim / title',
      width: 'minmax(14rem, 3fr)',
      required: true,
      cell: (row) => <InertText value={post(row).victim} singleLine />,
      csv: (row) => post(row).victim,
    },
    {
      id: 'website',
      header: 'Website',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => text(post(row).website),
      csv: (row) => post(row).website,
    },
    {
      id: 'country',
      header: 'Country',
      width: '5.5rem',
      cell: (row) => post(row).country ?? '—',
      csv: (row) => post(row).country,
    },
    {
      id: 'sector',
      header: 'Sector',
      width: 'minmax(7rem, 1fr)',
      cell: (row) => text(post(row).sector),
      csv: (row) => post(row).sector,
    },
    {
      id: 'source',
      header: 'Source',
      width: '6.5rem',
      cell: (row) => (
        <Badge size="sm" variant="outline" colorPalette={post(row).source === 'paste' ? 'purple' : 'red'}>
          {post(row).source}
        </Badge>
      ),
      csv: (row) => post(row).source,
    },
  ];
}

/** Enhanced CTI's list columns: what each cell shows and what a CSV export would write. */
import { Badge, Flex, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatInteger, formatIsoDate } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { CtiObjectRow } from '@/features/knowledge/api/get-cti-objects';
import { attackId, kindName } from '@/features/knowledge/utils/object-kinds';

const muted = (text: string) => (
  <Text as="span" color="fg.muted">
    {text}
  </Text>
);

export const ctiObjectColumns: DataTableColumn<CtiObjectRow>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(10rem, 3fr)',
    required: true,
    sortable: true,
    cell: (row) => (
      <Flex gap="1.5" align="center" minWidth="0">
        <InertText value={row.name ?? row.stix_id} defangLinks={false} singleLine />
        {(row.revoked || row.deprecated) && (
          <Badge size="sm" variant="outline" flexShrink={0}>
            {row.revoked ? 'Revoked' : 'Deprecated'}
          </Badge>
        )}
      </Flex>
    ),
    csv: (row) => row.name,
  },
  {
    id: 'type',
    header: 'Kind',
    width: '8rem',
    cell: (row) => kindName(row.type),
    csv: (row) => row.type,
  },
  {
    id: 'attack_id',
    header: 'ATT&CK id',
    width: '6.5rem',
    cell: (row) => attackId(row.external_ids) ?? muted('—'),
    csv: (row) => attackId(row.external_ids),
  },
  {
    id: 'aliases',
    header: 'Aliases',
    width: 'minmax(8rem, 2fr)',
    cell: (row) =>
      row.aliases?.length ? (
        <InertText value={row.aliases.join(', ')} defangLinks={false} singleLine />
      ) : (
        muted('—')
      ),
    csv: (row) => row.aliases?.join('; '),
  },
  {
    id: 'sources',
    header: 'Sources',
    width: 'minmax(8rem, 1fr)',
    cell: (row) => <InertText value={(row.sources ?? []).join(', ')} defangLinks={false} singleLine />,
    csv: (row) => row.sources?.join('; '),
  },
  {
    id: 'techniques',
    header: 'Techniques',
    width: '6.5rem',
    align: 'end',
    cell: (row) => (row.techniques ? formatInteger(row.techniques) : muted('0')),
    csv: (row) => row.techniques,
  },
  {
    id: 'indicators',
    header: 'Indicators',
    width: '6.5rem',
    align: 'end',
    cell: (row) => (row.indicators ? formatInteger(Number(row.indicators)) : muted('0')),
    csv: (row) => row.indicators,
  },
  {
    id: 'links',
    header: 'Links',
    width: '5rem',
    align: 'end',
    sortable: true,
    cell: (row) => (row.links ? formatInteger(row.links) : muted('0')),
    csv: (row) => row.links,
  },
  {
    id: 'modified',
    header: 'Modified',
    width: '7rem',
    sortable: true,
    cell: (row) => formatIsoDate(row.modified) ?? muted('—'),
    csv: (row) => row.modified,
  },
];

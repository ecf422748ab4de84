/** The inventory's columns; the row opens the asset's dialog, the last cell deletes it. */
import { Badge, IconButton, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatInteger } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { AssetRecord } from '@/features/assets/api/get-assets';
import { assetName, productsText } from '@/features/assets/utils/asset-text';
import { CriticalityBadge } from './criticality-badge';

interface InventoryColumnOptions {
  exposures: ReadonlyMap<string, number>;
  onDelete: (asset: AssetRecord) => void;
}

export function inventoryColumns({
  exposures,
  onDelete,
}: InventoryColumnOptions): DataTableColumn<AssetRecord>[] {
  return [
    {
      id: 'hostname',
      header: 'Host name',
      width: 'minmax(10rem, 2fr)',
      required: true,
      cell: (row) =>
        row.hostname ? (
          <InertText value={row.hostname} defangLinks={false} singleLine />
        ) : (
          <Text as="span" color="fg.muted">
            —
          </Text>
        ),
      csv: (row) => row.hostname,
    },
    {
      id: 'ip',
      header: 'IP address',
      width: '9rem',
      cell: (row) => <InertText value={row.ip ?? '—'} defangLinks={false} singleLine />,
      csv: (row) => row.ip,
    },
    {
      id: 'owner',
      header: 'Owner',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => <InertText value={row.owner ?? ''} defangLinks={false} singleLine />,
      csv: (row) => row.owner,
    },
    {
      id: 'criticality',
      header: 'Criticality',
      width: '6.5rem',
      cell: (row) => <CriticalityBadge criticality={row.criticality} />,
      csv: (row) => row.criticality,
    },
    {
      id: 'products',
      header: 'Products',
      width: 'minmax(12rem, 3fr)',
      cell: (row) => <InertText value={productsText(row)} defangLinks={false} singleLine />,
      csv: (row) => productsText(row),
    },
    {
      id: 'exposures',
      header: 'Exposures',
      width: '6rem',
      align: 'end',
      cell: (row) => {
        const count = exposures.get(row.id) ?? 0;
        return count ? (
          <Badge colorPalette="red" size="sm">
            {formatInteger(count)}
          </Badge>
        ) : (
          '0'
        );
      },
      csv: (row) => exposures.get(row.id) ?? 0,
    },
    {
      id: 'actions',
      header: 'Delete',
      width: '4.5rem',
      required: true,
      cell: (row) => (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`Delete ${inertString(assetName(row), { defang: false })}`}
          onClick={(event) => {
            // The row's own click opens the dialog.
            event.stopPropagation();
            onDelete(row);
          }}
        >
          <LuTrash2 />
        </IconButton>
      ),
    },
  ];
}

/**
 * External Assets: the inventory (by hand or from a CSV) and its exposure to known exploited
 * vulnerabilities, matched by vendor and product in the database. What is urgent stands out: overdue
 * due dates, known ransomware use, high EPSS. Each CVE opens in the Live CVE Feed.
 */
import { Button, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { z } from 'zod';
import { PageHeading } from '@/components/ui/page-heading';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import type { DataTableColumn } from '@/components/data-table/types';
import { entityPaths } from '@/config/paths';
import { useAssets, type AssetRecord } from '@/features/assets/api/get-assets';
import { useExposures } from '@/features/assets/api/get-exposures';
import { AssetDialog } from '@/features/assets/components/asset-dialog';
import { AssetSummary } from '@/features/assets/components/asset-summary';
import { CsvImport } from '@/features/assets/components/csv-import';
import { DeleteAssetDialog } from '@/features/assets/components/delete-asset-dialog';
import { exposureColumns } from '@/features/assets/components/exposure-columns';
import { inventoryColumns } from '@/features/assets/components/inventory-columns';
import { exposureCounts, exposureSummary, isOverdue, todayUtc } from '@/features/assets/utils/exposures';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

/** `?asset=<id>` (or `new`) opens the asset dialog: Unified Intelligence links an asset here. */
const viewSchema = z.object({
  overdue: z.enum(['1']).optional(),
  asset: z.string().max(64).optional(),
});

async function exportCsv<Row>(name: string, columns: readonly DataTableColumn<Row>[], rows: readonly Row[]) {
  downloadText(`${name}-${new Date().toISOString().slice(0, 10)}.csv`, await rowsToCsv(columns, rows));
}

export default function ExternalAssetsPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(viewSchema);
  // Due dates are days: the page judges "overdue" against the day it was opened.
  const [today] = useState(() => todayUtc());
  const inventory = useAssets();
  const exposures = useExposures();
  const editing = view.asset ?? null;
  const setEditing = (asset: string | null) =>
    setView({ asset: asset ?? undefined }, { push: asset !== null });
  const [deleting, setDeleting] = useState<AssetRecord | null>(null);

  const assets = useMemo(() => inventory.data?.assets ?? [], [inventory.data]);
  const allExposures = useMemo(() => exposures.data?.exposures ?? [], [exposures.data]);
  const shownExposures = view.overdue
    ? allExposures.filter((row) => isOverdue(row.kev_due_date, today))
    : allExposures;
  const summary =
    inventory.data && exposures.data ? exposureSummary(assets.length, allExposures, today) : undefined;
  const exposureColumnList = useMemo(() => exposureColumns(entityPaths.cve, today), [today]);
  const inventoryColumnList = useMemo(
    () => inventoryColumns({ exposures: exposureCounts(allExposures), onDelete: setDeleting }),
    [allExposures],
  );
  // The dialog shows the asset as the inventory now has it (a removed product disappears at once).
  const editedAsset = editing === 'new' ? 'new' : (assets.find((asset) => asset.id === editing) ?? null);

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        Your internet-facing assets and the software they run, matched to CISA’s known exploited
        vulnerabilities.
      </PageHeading>
      <AssetSummary summary={summary} />

      <Stack as="section" aria-labelledby="exposures-heading" gap="2">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="md" id="exposures-heading" flex="1">
            Exposures
          </Heading>
          <Checkbox.Root
            size="sm"
            checked={view.overdue === '1'}
            onCheckedChange={(details) => setView({ overdue: details.checked === true ? '1' : undefined })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Overdue only</Checkbox.Label>
          </Checkbox.Root>
          <Button
            size="sm"
            variant="outline"
            disabled={shownExposures.length === 0}
            onClick={() => void exportCsv('exposures', exposureColumnList, shownExposures)}
          >
            <LuDownload aria-hidden="true" />
            Export exposures (CSV)
          </Button>
        </Flex>
        <DataTable
          label="Exposures"
          columns={exposureColumnList}
          rows={shownExposures}
          rowKey={(row) => `${row.asset_id}|${row.vendor}|${row.product}|${row.version ?? ''}|${row.cve_id}`}
          {...tableQueryState(exposures, 'The exposures')}
          emptyMessage={
            view.overdue
              ? 'No exposure is past its due date.'
              : 'No asset runs a product on the KEV list (or none lists its products yet).'
          }
          height="40vh"
        />
      </Stack>

      <Stack as="section" aria-labelledby="inventory-heading" gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h2" size="md" id="inventory-heading" flex="1">
            Inventory
          </Heading>
          <Button size="sm" onClick={() => setEditing('new')}>
            <LuPlus aria-hidden="true" />
            Add asset
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={assets.length === 0}
            onClick={() => void exportCsv('assets', inventoryColumnList, assets)}
          >
            <LuDownload aria-hidden="true" />
            Export inventory (CSV)
          </Button>
        </Flex>
        {inventory.data && !inventory.data.complete && (
          <Text fontSize="sm" color="fg.muted">
            Only the first {assets.length.toLocaleString()} assets are shown.
          </Text>
        )}
        <DataTable
          label="Assets"
          columns={inventoryColumnList}
          rows={assets}
          rowKey={(row) => row.id}
          {...tableQueryState(inventory, 'The inventory')}
          emptyMessage="No asset yet: add one, or import a CSV below."
          onActivate={(row) => setEditing(row.id)}
          height="40vh"
        />
      </Stack>

      <CsvImport />
      <AssetDialog target={editedAsset} onClose={() => setEditing(null)} />
      <DeleteAssetDialog asset={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

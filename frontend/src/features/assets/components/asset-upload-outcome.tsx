/** What an uploaded inventory gave: assets added and updated, products, KEV alerts, and the rows left out. */
import { Stack, Text } from '@chakra-ui/react';
import { RejectTable } from '@/components/ui/reject-table';
import { formatInteger } from '@/lib/format/format';
import type { ImportRunRow } from '@/lib/storage/import-run';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/** intel's run-assets-import counts. */
interface AssetCounts {
  assets?: { inserted?: number; updated?: number };
  products?: { inserted?: number };
  alerts?: number;
}

export function AssetUploadOutcome({ run }: { run: ImportRunRow }) {
  if (run.status === 'failed')
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The import was refused and nothing of it was kept: {run.error ?? 'no reason was given.'}
      </Text>
    );
  const counts = (run.counts ?? {}) as AssetCounts;
  const rejects = (Array.isArray(run.rejects) ? run.rejects : []) as { where: string; reason: string }[];
  const alerts = counts.alerts ?? 0;
  return (
    <Stack gap="2">
      <Text role="status" fontSize="sm">
        Imported {plural(run.records - run.rejected, 'row')}: {plural(counts.assets?.inserted ?? 0, 'asset')}{' '}
        added, {formatInteger(counts.assets?.updated ?? 0)} updated,{' '}
        {plural(counts.products?.inserted ?? 0, 'product')} added
        {alerts > 0 ? `; ${plural(alerts, 'KEV alert')} raised` : ''}.
        {run.rejected > 0 &&
          ` ${plural(run.rejected, 'row')} ${run.rejected === 1 ? 'was' : 'were'} rejected and left out.`}
      </Text>
      {rejects.length > 0 && (
        <RejectTable
          caption="Rejected rows: they were not imported. Fix them in the file and import it again."
          rejects={rejects.map((reject) => ({ ...reject, where: reject.where.replace(/^line /, '') }))}
          total={run.rejected}
        />
      )}
    </Stack>
  );
}

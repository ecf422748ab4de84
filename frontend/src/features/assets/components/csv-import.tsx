/**
 * The inventory from a spreadsheet: the file is checked in the browser and every rejected row shown
 * with its line before anything is written; then the good rows are imported with a progress bar.
 */
import { Button, Code, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { FileChooser } from '@/components/ui/file-chooser';
import { formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useAssetImport } from '@/features/assets/hooks/use-asset-import';
import { ASSET_COLUMNS } from '@/features/assets/utils/asset-fields';
import { MAX_ASSET_CSV_BYTES } from '@/features/assets/utils/read-asset-csv';
import { CountProgress } from '@/components/ui/count-progress';
import { ImportOutcomeReport } from './import-progress';
import { RejectReport } from './reject-report';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

export function CsvImport() {
  const { file, choose, start, clear, writer, progress } = useAssetImport();
  const busy = writer.isPending || file?.state === 'reading';
  const checked = file?.state === 'checked' ? file : null;
  const products = checked?.plan.reduce((sum, asset) => sum + asset.products.length, 0) ?? 0;

  return (
    <Stack
      as="section"
      aria-labelledby="asset-import-heading"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Heading as="h2" size="md" id="asset-import-heading">
        Import from a CSV file
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        A header row naming the columns is required, in any order and case: {ASSET_COLUMNS.join(', ')}. Each
        row needs a hostname or an ip; criticality is low, medium, high, critical or 1–4; a vendor needs a
        product. A host on several rows (one per product) is one asset, and a host already in the inventory is
        updated. Files up to {MAX_ASSET_CSV_BYTES / (1024 * 1024)} MB; for larger ones, or from a script, use
        the CLI: <Code>npm run intel -- import assets.csv --format assets</Code>
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <FileChooser
          inputLabel="CSV file of assets"
          accept=".csv,text/csv"
          disabled={busy}
          onChoose={(chosen) => chosen && void choose(chosen)}
        >
          Choose a CSV file
        </FileChooser>
        {file && !writer.isPending && (
          <Button size="sm" variant="ghost" onClick={clear}>
            {writer.isSuccess ? 'Done' : 'Cancel'}
          </Button>
        )}
      </Flex>
      {file?.state === 'reading' && (
        <Flex gap="2" align="center" role="status" fontSize="sm">
          <Spinner size="sm" /> Reading <InertText value={file.fileName} defangLinks={false} />…
        </Flex>
      )}
      {file?.state === 'refused' && (
        <Text role="alert" color="fg.error" fontSize="sm">
          <InertText value={file.fileName} defangLinks={false} /> was not imported: {file.reason}
        </Text>
      )}
      {checked && !writer.isPending && !writer.isSuccess && (
        <Stack gap="3">
          <Text role="status" fontSize="sm">
            <InertText value={checked.fileName} defangLinks={false} />: {plural(checked.rows, 'row')} ready (
            {plural(checked.plan.length, 'asset')}, {plural(products, 'product')}),{' '}
            {plural(checked.rejects.length, 'row')} rejected.
          </Text>
          {checked.rejects.length > 0 && <RejectReport rejects={checked.rejects} />}
          <Flex>
            <Button size="sm" disabled={checked.rows === 0} onClick={start}>
              Import {plural(checked.rows, 'row')}
            </Button>
          </Flex>
        </Stack>
      )}
      {writer.isPending && progress && (
        <CountProgress step={progress.step} done={progress.done} total={progress.total} />
      )}
      {writer.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The import stopped: {writer.error.message} What was written before it stays.
        </Text>
      )}
      {writer.isSuccess && <ImportOutcomeReport outcome={writer.data} />}
    </Stack>
  );
}

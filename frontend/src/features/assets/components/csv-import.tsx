/**
 * The inventory from a spreadsheet: the file is uploaded and imported on the server by the CLI's
 * importer (one reading of the rows for both), and the page follows the run to its counts and the
 * rows it rejected, each with its line.
 */
import { Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FileChooser } from '@/components/ui/file-chooser';
import { UploadStatus } from '@/components/ui/upload-status';
import { assetKeys } from '@/features/assets/api/keys';
import { MAX_ASSET_UPLOAD_BYTES, refuseAssetUpload, uploadAssets } from '@/features/assets/api/upload-assets';
import { ASSET_COLUMNS } from '@/features/assets/utils/asset-fields';
import { formatBytes } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useUploadImport } from '@/lib/storage/use-upload-import';
import { AssetUploadOutcome } from './asset-upload-outcome';

export function CsvImport() {
  const [file, setFile] = useState<File>();
  const { stage, start, reset, runError } = useUploadImport(uploadAssets, assetKeys.all);
  const busy = stage.stage === 'uploading' || stage.stage === 'waiting' || stage.stage === 'importing';
  const refusal = file && refuseAssetUpload(file);

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
        updated. Files up to {formatBytes(MAX_ASSET_UPLOAD_BYTES)}, imported on the server; for larger ones,
        or from a script, use the CLI: <Code>npm run intel -- import assets.csv --format assets</Code>
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <FileChooser
          inputLabel="CSV file of assets"
          accept=".csv,text/csv"
          disabled={busy}
          onChoose={(chosen) => {
            setFile(chosen);
            reset();
          }}
        >
          Choose a CSV file
        </FileChooser>
        <Button
          size="sm"
          disabled={!file || busy || Boolean(refusal)}
          onClick={() => file && start({ file })}
        >
          Import assets
        </Button>
      </Flex>
      {file && (
        <Text fontSize="sm" color={refusal ? 'fg.error' : undefined} role={refusal ? 'alert' : undefined}>
          <InertText value={file.name} defangLinks={false} /> ({formatBytes(file.size)})
          {refusal ? ` cannot be imported here: ${refusal}` : ''}
        </Text>
      )}
      <UploadStatus
        stage={stage}
        runError={runError?.message}
        importing="Importing the assets and matching their products against KEV…"
        outcome={(run) => <AssetUploadOutcome run={run} />}
      />
    </Stack>
  );
}

/**
 * The watched domains' lookalikes that intelligence lists as malicious: the alerts the matching
 * engine raised, for the open watch or all of them, each opening in the Hub.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import { HITS_SHOWN, useLookalikeHits } from '@/features/brand/api/get-lookalike-hits';
import { hitColumns } from './hit-columns';

export function LookalikeHits({ watch }: { watch: string | null }) {
  const hits = useLookalikeHits(watch);
  const rows = hits.data ?? [];
  const exportCsv = async () =>
    downloadText(
      `lookalike-hits-${new Date().toISOString().slice(0, 10)}.csv`,
      await rowsToCsv(hitColumns, rows),
    );
  return (
    <Stack as="section" gap="2" aria-labelledby="lookalike-hits-heading">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="lookalike-hits-heading" flex="1">
          Lookalikes found in intelligence
          {watch !== null && ` — ${inertString(watch, { defang: false })}`}
        </Heading>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {hits.data &&
            (rows.length >= HITS_SHOWN
              ? `The latest ${formatInteger(HITS_SHOWN)}`
              : `${formatInteger(rows.length)} found`)}
        </Text>
        <Button size="sm" variant="outline" disabled={rows.length === 0} onClick={() => void exportCsv()}>
          <LuDownload aria-hidden="true" />
          Export (CSV)
        </Button>
      </Flex>
      <DataTable
        label="Lookalikes found in intelligence"
        columns={hitColumns}
        rows={rows}
        rowKey={(row) => row.id}
        {...tableQueryState(hits, 'The lookalike alerts')}
        emptyMessage="No lookalike of a watched domain is listed in intelligence yet. New domain and URL indicators are checked as they arrive."
        height="18rem"
      />
    </Stack>
  );
}

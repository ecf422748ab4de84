/**
 * CSV and STIX 2.1 exports of the IOC list: the selected rows, or else every indicator the filters
 * match (not only the rows the table has loaded), read page by page with a progress bar. Past the
 * ceiling the file holds the first rows in the list's order and says so.
 */
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import { CountProgress } from '@/components/ui/count-progress';
import {
  MAX_EXPORT_INDICATORS,
  readFilteredIndicators,
} from '@/features/indicators/api/read-filtered-indicators';
import type { IndicatorRow } from '@/features/indicators/api/search-indicators';
import { indicatorColumns } from '@/features/indicators/components/indicator-columns';
import type { IndicatorResultFilters, IndicatorSort } from '@/features/indicators/schemas/indicator-filters';
import { formatInteger } from '@/lib/format/format';
import { STIX_MEDIA_TYPE, stixBundle } from '@/lib/intel/stix-export';

type Kind = 'csv' | 'stix';

interface IndicatorExportProps {
  filters: IndicatorResultFilters;
  sort: IndicatorSort;
  selectedRows: IndicatorRow[];
  /** The filters' count, when known (for the labels and the bar). */
  total: number | undefined;
  disabled: boolean;
}

type ExportState =
  | { stage: 'idle'; note?: string }
  | { stage: 'reading'; kind: Kind; done: number }
  | { stage: 'building'; kind: Kind }
  | { stage: 'failed'; message: string };

const today = () => new Date().toISOString().slice(0, 10);

export function IndicatorExport({ filters, sort, selectedRows, total, disabled }: IndicatorExportProps) {
  const [state, setState] = useState<ExportState>({ stage: 'idle' });
  const busy = state.stage === 'reading' || state.stage === 'building';

  const run = async (kind: Kind) => {
    try {
      let rows = selectedRows;
      let complete = true;
      if (rows.length === 0) {
        setState({ stage: 'reading', kind, done: 0 });
        ({ rows, complete } = await readFilteredIndicators(filters, sort, {
          onProgress: (done) => setState({ stage: 'reading', kind, done }),
        }));
      }
      setState({ stage: 'building', kind });
      if (kind === 'csv') downloadText(`indicators-${today()}.csv`, await rowsToCsv(indicatorColumns, rows));
      else {
        const { text } = await stixBundle({ indicatorIds: rows.map((row) => row.id) });
        downloadText(`indicators-stix-${today()}.json`, text, STIX_MEDIA_TYPE);
      }
      setState({
        stage: 'idle',
        note: complete
          ? undefined
          : `The file holds the first ${formatInteger(rows.length)} indicators in the list's order (the most an export takes). Narrow the filters to export the rest.`,
      });
    } catch (error) {
      setState({ stage: 'failed', message: (error as Error).message });
    }
  };

  const scope = selectedRows.length
    ? `${formatInteger(selectedRows.length)} selected`
    : total === undefined
      ? 'all'
      : `all ${formatInteger(Math.min(total, MAX_EXPORT_INDICATORS))}`;
  return (
    <Stack gap="2">
      <Flex gap="2" wrap="wrap" align="center">
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || busy}
          loading={busy && state.kind === 'csv'}
          onClick={() => void run('csv')}
        >
          <LuDownload aria-hidden="true" />
          Export {scope} (CSV)
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || busy}
          loading={busy && state.kind === 'stix'}
          onClick={() => void run('stix')}
        >
          <LuDownload aria-hidden="true" />
          Export {scope} (STIX 2.1)
        </Button>
      </Flex>
      <ExportStatus state={state} total={Math.min(total ?? 0, MAX_EXPORT_INDICATORS)} />
    </Stack>
  );
}

function ExportStatus({ state, total }: { state: ExportState; total: number }) {
  switch (state.stage) {
    case 'reading':
      return (
        <CountProgress step="Reading indicators" done={state.done} total={Math.max(total, state.done)} />
      );
    case 'building':
      return (
        <Text role="status" fontSize="sm">
          {state.kind === 'csv' ? 'Writing the CSV file…' : 'Building the STIX bundle on the server…'}
        </Text>
      );
    case 'failed':
      return (
        <Text role="alert" fontSize="sm" color="fg.error">
          The export failed and no file was saved: {state.message}
        </Text>
      );
    case 'idle':
      return state.note ? (
        <Text role="status" fontSize="sm" color="fg.muted">
          {state.note}
        </Text>
      ) : null;
  }
}

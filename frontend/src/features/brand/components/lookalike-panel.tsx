/**
 * One watched domain's lookalike candidates: how many each family produced (a chart), then the
 * candidates themselves, filtered by family and searched in memory, those listed in intelligence
 * marked. The filters live in the URL.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { refang } from '@intel/refang';
import { useMemo } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import { useLookalikeHits } from '@/features/brand/api/get-lookalike-hits';
import { useLookalikes } from '@/features/brand/api/get-lookalikes';
import type { BrandView } from '@/features/brand/schemas/brand-view';
import { familyCounts, filterLookalikes } from '@/features/brand/utils/family-counts';
import { FamilyChart } from './family-chart';
import { lookalikeColumns } from './lookalike-columns';

/** A watched name in a file name: letters, digits, dots and hyphens only. */
const fileSafe = (name: string) => name.replace(/[^a-z0-9.-]+/gi, '_');

interface LookalikePanelProps {
  watch: { id: string; value: string };
  view: BrandView;
  onViewChange: (patch: Partial<BrandView>) => void;
}

export function LookalikePanel({ watch, view, onViewChange }: LookalikePanelProps) {
  const lookalikes = useLookalikes(watch.id);
  const hits = useLookalikeHits(watch.value);
  const all = useMemo(() => lookalikes.data ?? [], [lookalikes.data]);
  const counts = useMemo(() => familyCounts(all), [all]);
  const rows = useMemo(() => filterLookalikes(all, view.family, view.q), [all, view.family, view.q]);
  const columns = useMemo(() => {
    // Newest alert first, so each lookalike links to its latest.
    const byDomain = new Map<string, string>();
    for (const hit of hits.data ?? [])
      if (!byDomain.has(hit.evidence.lookalike)) byDomain.set(hit.evidence.lookalike, hit.id);
    return lookalikeColumns(byDomain);
  }, [hits.data]);
  const name = inertString(watch.value, { defang: false });

  const exportCsv = async () =>
    downloadText(
      `lookalikes-${fileSafe(watch.value)}-${new Date().toISOString().slice(0, 10)}.csv`,
      await rowsToCsv(columns, rows),
    );

  return (
    <Stack gap="3" minWidth="0">
      <Heading as="h2" size="md">
        Lookalikes of {name}
      </Heading>
      <FamilyChart domain={name} counts={counts} />
      <Flex gap="2" wrap="wrap" align="center" role="search" aria-label="Filter lookalikes">
        <SearchInput
          size="sm"
          maxWidth="20rem"
          placeholder="Search lookalikes"
          label="Search lookalikes"
          limit={SEARCH_LIMITS.lookalikes}
          value={view.q}
          onCommit={(q) => onViewChange({ q })}
          normalise={(text) => refang(text.trim())}
        />
        <FilterSelect
          label="Family"
          value={view.family ?? ''}
          onChange={(family) => onViewChange({ family: family || undefined })}
        >
          <option value="">All families</option>
          {counts.map((item) => (
            <option key={item.family} value={item.family}>
              {item.family} ({formatInteger(item.count)})
            </option>
          ))}
        </FilterSelect>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {lookalikes.data && `${formatInteger(rows.length)} of ${formatInteger(all.length)}`}
        </Text>
        <Flex flex="1" />
        <Button size="sm" variant="outline" disabled={rows.length === 0} onClick={() => void exportCsv()}>
          <LuDownload aria-hidden="true" />
          Export (CSV)
        </Button>
      </Flex>
      <DataTable
        label={`Lookalikes of ${name}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.domain}
        {...tableQueryState(lookalikes, 'The lookalikes')}
        emptyMessage={
          all.length === 0 ? 'No lookalike is stored for this domain.' : 'No lookalike matches these filters.'
        }
        height="50vh"
      />
    </Stack>
  );
}

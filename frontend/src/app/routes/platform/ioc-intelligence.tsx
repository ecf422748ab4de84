/**
 * IOC Intelligence: the indicators at 1M+ rows. Filters, sort, hidden columns and the open indicator
 * live in the URL; rows arrive in keyset pages as the table scrolls; a selection, or else every row
 * the filters match, can be exported as CSV or STIX; a selection can be revoked; an analyst adds an
 * indicator by hand. Each row says which warninglists and exclusion lists hold its value.
 *
 * The exclusion lists live here too, as a second tab: they are where an analyst looks when a value is
 * badged "Excluded", every analyst reads and adds entries, and administrators manage the lists
 * themselves in the same place (System Configuration is for administrators only).
 */
import { Button, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { LuPlus, LuShieldOff } from 'react-icons/lu';
import { PageHeading } from '@/components/ui/page-heading';
import { ColumnChooser } from '@/components/data-table/column-chooser';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import { useCountIndicators } from '@/features/indicators/api/count-indicators';
import { useIndicatorListHits } from '@/features/indicators/api/get-indicator-list-hits';
import { indicatorKeys } from '@/features/indicators/api/keys';
import { useSearchIndicators } from '@/features/indicators/api/search-indicators';
import { ExclusionListsView } from '@/features/exclusions/components/exclusion-lists-view';
import { NotifyMeButton } from '@/features/notifications/components/notify-me-button';
import { AddIndicatorDialog } from '@/features/indicators/components/add-indicator-dialog';
import { indicatorColumns, SORT_DIRECTIONS } from '@/features/indicators/components/indicator-columns';
import { IndicatorExport } from '@/features/indicators/components/indicator-export';
import { IndicatorDrawer } from '@/features/indicators/components/indicator-drawer';
import { IndicatorFilterBar } from '@/features/indicators/components/indicator-filter-bar';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RevokeDialog } from '@/features/indicators/components/revoke-dialog';
import {
  INDICATOR_SORTS,
  indicatorFiltersSchema,
  resultFilters,
  type IndicatorSort,
} from '@/features/indicators/schemas/indicator-filters';
import { formatCount } from '@/lib/format/format';
import { useWritableTlp } from '@/lib/intel/clearance';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

/** Asked when the page's link is hovered or focused (page-modules.ts prefetchPage). */
export { prefetchIndicatorList as prefetch } from '@/features/indicators/api/prefetch-indicator-list';

const pageViewSchema = z.object({
  view: z.enum(['indicators', 'exclusions']).default('indicators'),
  /** The exclusion list shown. */
  list: z.coerce.number().int().positive().optional(),
});

export default function IocIntelligencePage({ definition }: PlatformPageProps) {
  const [filters, setFilters] = useUrlState(indicatorFiltersSchema);
  const [pageView, setPageView] = useUrlState(pageViewSchema);
  const { adminValidation, user } = useAuth();
  const clearance = useWritableTlp();
  const queryClient = useQueryClient();
  const result = useMemo(() => resultFilters(filters), [filters]);
  const list = useSearchIndicators(result, filters.sort);
  const count = useCountIndicators(result);
  const listHits = useIndicatorListHits(list.data?.pages ?? []);
  const rows = useMemo(
    () => (list.data?.pages.flat() ?? []).map((row) => ({ ...row, listHits: listHits.get(row.id) })),
    [list.data, listHits],
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<{ ids: number[]; revoke: boolean }>({ ids: [], revoke: true });

  const selectedRows = rows.filter((row) => selected.has(String(row.id)));

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading
        title={definition.title}
        aside={
          <Text color="fg.muted" aria-live="polite">
            {count.data === undefined
              ? ''
              : `${count.data.exact ? '' : 'about '}${formatCount(count.data.total, 'indicator')}`}
          </Text>
        }
      />
      <Tabs.Root
        value={pageView.view}
        onValueChange={(details) =>
          setPageView({ view: details.value as typeof pageView.view }, { push: true })
        }
        lazyMount
      >
        <Tabs.List>
          <Tabs.Trigger value="indicators">Indicators</Tabs.Trigger>
          <Tabs.Trigger value="exclusions">Exclusion lists</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="indicators">
          <Stack gap="4">
            <IndicatorFilterBar
              filters={filters}
              onChange={(patch) => {
                setSelected(new Set());
                setFilters(patch);
              }}
            />
            <Flex gap="2" wrap="wrap" align="center">
              <Button size="sm" onClick={() => setAdding(true)}>
                <LuPlus aria-hidden="true" />
                Add indicator
              </Button>
              <IndicatorExport
                filters={result}
                sort={filters.sort}
                selectedRows={selectedRows}
                total={count.data?.total}
                disabled={rows.length === 0}
              />
              <Button
                size="sm"
                variant="outline"
                disabled={selected.size === 0 || selected.size > 1000}
                onClick={() => setRevoking({ ids: selectedRows.map((row) => row.id), revoke: true })}
              >
                <LuShieldOff aria-hidden="true" />
                Revoke selected
              </Button>
              <NotifyMeButton page="ioc-intelligence" pageTitle={definition.title} />
              <Flex flex="1" />
              <ColumnChooser
                columns={indicatorColumns}
                hidden={filters.hide}
                onHiddenChange={(hide) => setFilters({ hide })}
              />
            </Flex>
            <DataTable
              label="Indicators"
              columns={indicatorColumns}
              hiddenColumns={filters.hide}
              rows={rows}
              rowKey={(row) => String(row.id)}
              {...pagedTableState(list, 'The indicators')}
              emptyMessage="No indicator matches these filters."
              sort={{ columnId: filters.sort, direction: SORT_DIRECTIONS[filters.sort] }}
              onSortChange={({ columnId }) => {
                if ((INDICATOR_SORTS as readonly string[]).includes(columnId))
                  setFilters({ sort: columnId as IndicatorSort });
              }}
              selected={selected}
              onSelectedChange={setSelected}
              onActivate={(row) => setFilters({ open: row.id }, { push: true })}
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="exclusions">
          <ExclusionListsView
            selectedId={pageView.list}
            onSelect={(id) => setPageView({ list: id })}
            userId={user?.id ?? null}
            canManage={adminValidation?.authorized === true}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: indicatorKeys.all })}
          />
        </Tabs.Content>
      </Tabs.Root>
      <IndicatorDrawer
        id={filters.open}
        onClose={() => setFilters({ open: undefined })}
        onRevoke={(indicator) => setRevoking({ ids: [indicator.id], revoke: !indicator.revoked })}
      />
      <AddIndicatorDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(id) => setFilters({ open: id }, { push: true })}
        tlpLevels={clearance.data?.levels ?? []}
        redGroups={clearance.data?.redGroups ?? []}
      />
      <RevokeDialog
        ids={revoking.ids}
        revoke={revoking.revoke}
        onClose={() => setRevoking({ ids: [], revoke: true })}
      />
    </Stack>
  );
}

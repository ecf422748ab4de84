/**
 * Enhanced CTI: the actors, intrusion sets, malware, tools and campaigns of ATT&CK and the MISP
 * galaxies in one filtered list, and the ATT&CK Enterprise matrix as a heat map of the techniques the
 * selected ones use (or our sightings). A row or a technique opens on the shared entity screen. The
 * view, filters, sort, selection, colouring and open entity all live in the URL.
 */
import { Button, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { LuGrid3X3 } from 'react-icons/lu';
import { PageHeading } from '@/components/ui/page-heading';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import { entityPaths } from '@/config/paths';
import { useCtiObjects } from '@/features/knowledge/api/get-cti-objects';
import { useObjectNames } from '@/features/knowledge/api/get-object-names';
import { AttackMatrix, type MatrixSettings } from '@/features/knowledge/components/attack-matrix';
import { ctiObjectColumns } from '@/features/knowledge/components/cti-object-columns';
import { CtiFilterBar } from '@/features/knowledge/components/cti-filter-bar';
import { IntelObjectDrawer } from '@/features/knowledge/components/intel-object-drawer';
import type { SelectedObject } from '@/features/knowledge/components/matrix-legend';
import {
  CTI_SORTS,
  ctiFiltersSchema,
  listFilters,
  MAX_SELECTED,
  type CtiSort,
} from '@/features/knowledge/schemas/cti-filters';
import { attackId } from '@/features/knowledge/utils/object-kinds';
import { useUrlState } from '@/lib/url-state';
import { graphTabs } from './graph-tab';
import type { PlatformPageProps } from './pages';

const indicatorsHref = entityPaths.indicatorsOf;

export default function EnhancedCtiPage({ definition }: PlatformPageProps) {
  const [filters, setFilters] = useUrlState(ctiFiltersSchema);
  const result = useMemo(() => listFilters(filters), [filters]);
  const list = useCtiObjects(result, filters.sort);
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const names = useObjectNames(filters.sel);

  const selected = useMemo<SelectedObject[]>(
    () =>
      filters.sel.map((stixId) => {
        const known = names.data?.find((object) => object.stix_id === stixId);
        return { stixId, name: known?.name ?? stixId, externalId: attackId(known?.external_ids) };
      }),
    [filters.sel, names.data],
  );
  const selectedKeys = useMemo(() => new Set(filters.sel), [filters.sel]);
  const select = (ids: Iterable<string>) => setFilters({ sel: [...ids].slice(0, MAX_SELECTED) });
  const toggleSelected = (stixId: string) =>
    select(selectedKeys.has(stixId) ? filters.sel.filter((id) => id !== stixId) : [...filters.sel, stixId]);
  // "Show on the matrix" in a profile means "show me": the drawer closes onto the matrix. Removing an
  // object leaves the analyst where they are.
  const toggleFromProfile = (stixId: string) => {
    if (selectedKeys.has(stixId)) toggleSelected(stixId);
    else
      setFilters(
        { sel: [...filters.sel, stixId].slice(0, MAX_SELECTED), view: 'matrix', open: undefined },
        { push: true },
      );
  };
  // Stable, so the memoised matrix does not re-render when a drawer opens.
  const open = useCallback((stixId: string) => setFilters({ open: stixId }, { push: true }), [setFilters]);
  const settings: MatrixSettings = { colour: filters.colour, platform: filters.platform, used: filters.used };

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} minWidth="0">
      <PageHeading title={definition.title}>
        Threat actors, intrusion sets, malware, tools and campaigns from MITRE ATT&CK and the MISP galaxies,
        and the techniques they use on the ATT&CK matrix.
      </PageHeading>
      <Tabs.Root
        value={filters.view}
        onValueChange={(details) =>
          setFilters({ view: details.value as typeof filters.view }, { push: true })
        }
        lazyMount
      >
        <Tabs.List>
          <Tabs.Trigger value="objects">Actors, malware and campaigns</Tabs.Trigger>
          <Tabs.Trigger value="matrix">
            ATT&CK matrix{filters.sel.length ? ` (${filters.sel.length} compared)` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="objects">
          <Stack gap="3">
            <CtiFilterBar filters={filters} onChange={setFilters} />
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" aria-live="polite" flex="1">
                {filters.sel.length
                  ? `${filters.sel.length} selected for the matrix${filters.sel.length >= MAX_SELECTED ? ` (at most ${MAX_SELECTED} are compared)` : ''}.`
                  : 'Tick up to 8 rows to compare them on the ATT&CK matrix; open a row for its profile.'}
              </Text>
              <Button
                size="sm"
                variant="outline"
                disabled={filters.sel.length === 0}
                onClick={() => setFilters({ view: 'matrix' }, { push: true })}
              >
                <LuGrid3X3 aria-hidden="true" />
                Compare on the matrix
              </Button>
            </Flex>
            <DataTable
              label="Actors, malware, tools and campaigns"
              columns={ctiObjectColumns}
              rows={rows}
              rowKey={(row) => row.stix_id}
              {...pagedTableState(list, 'The objects')}
              emptyMessage="No actor, malware, tool or campaign matches these filters."
              sort={{
                columnId: filters.sort,
                direction: filters.sort === 'name' ? 'ascending' : 'descending',
              }}
              onSortChange={({ columnId }) => {
                if ((CTI_SORTS as readonly string[]).includes(columnId))
                  setFilters({ sort: columnId as CtiSort });
              }}
              selected={selectedKeys}
              onSelectedChange={select}
              onActivate={(row) => open(row.stix_id)}
              height="60vh"
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="matrix">
          <AttackMatrix
            selected={selected}
            settings={settings}
            onSettingsChange={setFilters}
            onOpen={open}
            onRemove={toggleSelected}
            onClear={() => setFilters({ sel: [] })}
          />
        </Tabs.Content>
      </Tabs.Root>
      <IntelObjectDrawer
        stixId={filters.open}
        onClose={() => setFilters({ open: undefined })}
        indicatorsHref={indicatorsHref}
        onOpenObject={open}
        matrix={{ selected: filters.sel, onToggle: toggleFromProfile }}
        extraTabs={graphTabs}
      />
    </Stack>
  );
}

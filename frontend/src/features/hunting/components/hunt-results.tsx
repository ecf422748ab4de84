/**
 * A hunt's answer in two tabs, counts in their names: the matched values (select, raise alerts,
 * export) and the values not matched (export). Both lists are virtualised: a hunt can miss 100,000.
 */
import { Button, Flex, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuBellPlus, LuDownload, LuPlus } from 'react-icons/lu';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { toast } from '@/components/ui/toast';
import { formatCount, formatInteger } from '@/lib/format/format';
import { PROMOTE_LIMIT, usePromoteValues } from '@/features/hunting/api/promote-values';
import { useRaiseAlerts } from '@/features/hunting/hooks/use-raise-alerts';
import { HUNT_LIMITS } from '@/features/hunting/utils/hunt-limits';
import type { HuntResult } from '@/features/hunting/utils/hunt-result';
import { matchedColumns, matchedExportColumns, notMatchedColumns } from './matched-columns';

export type ResultTab = 'matched' | 'not-matched';

interface HuntResultsProps {
  result: HuntResult;
  tab: ResultTab;
  onTabChange: (tab: ResultTab) => void;
  /** The saved hunt these values came from, quoted in raised alerts. */
  huntName?: string;
}

async function exportCsv<Row>(name: string, columns: readonly DataTableColumn<Row>[], rows: readonly Row[]) {
  downloadText(`hunt-${name}-${new Date().toISOString().slice(0, 10)}.csv`, await rowsToCsv(columns, rows));
}

export function HuntResults({ result, tab, onTabChange, huntName }: HuntResultsProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { raise, raising, raisedAlerts } = useRaiseAlerts(huntName);
  const columns = useMemo(
    () => matchedColumns({ onRaise: (row) => void raise([row]), raising, raised: raisedAlerts }),
    [raise, raising, raisedAlerts],
  );
  const selectedRows = result.matched.filter((row) => selected.has(row.key));
  const tooMany = selectedRows.length > HUNT_LIMITS.maxAlertsAtOnce;
  const promote = usePromoteValues();
  const promoteAll = async () => {
    try {
      const done = await promote.mutateAsync({ values: result.notMatched, tlp: 'amber' });
      toast({
        title: `${formatCount(done.created, 'indicator')} added at TLP:AMBER`,
        description: 'Your hunt values are now indicators of your own.',
      });
    } catch (error) {
      toast({ title: 'Not added', description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as ResultTab)} lazyMount>
      <Tabs.List>
        <Tabs.Trigger value="matched">Matched ({formatInteger(result.matched.length)})</Tabs.Trigger>
        <Tabs.Trigger value="not-matched">
          Not matched ({formatInteger(result.notMatched.length)})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="matched">
        <Flex gap="2" wrap="wrap" align="center" mb="3" role="toolbar" aria-label="Act on the matched values">
          <Text fontSize="sm" color="fg.muted" minWidth="8rem">
            {selected.size ? `${formatInteger(selected.size)} selected` : 'Select rows to act on several'}
          </Text>
          <Button
            size="sm"
            disabled={selectedRows.length === 0 || tooMany || raising}
            loading={raising}
            title={tooMany ? `At most ${HUNT_LIMITS.maxAlertsAtOnce} at once` : undefined}
            onClick={() => void raise(selectedRows).then(() => setSelected(new Set()))}
          >
            <LuBellPlus aria-hidden="true" />
            Raise alerts for the selection
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={result.matched.length === 0}
            onClick={() =>
              void exportCsv(
                'matched',
                matchedExportColumns(columns),
                selectedRows.length ? selectedRows : result.matched,
              )
            }
          >
            <LuDownload aria-hidden="true" />
            {selectedRows.length
              ? `Export ${formatInteger(selectedRows.length)} selected (CSV)`
              : 'Export matched (CSV)'}
          </Button>
        </Flex>
        <DataTable
          label="Matched values"
          columns={columns}
          rows={result.matched}
          rowKey={(row) => row.key}
          status="success"
          emptyMessage="None of these values is a known indicator (or one you may see)."
          selected={selected}
          onSelectedChange={setSelected}
          height="60vh"
        />
      </Tabs.Content>
      <Tabs.Content value="not-matched">
        <Flex gap="2" mb="3">
          <Button
            size="sm"
            variant="outline"
            disabled={result.notMatched.length === 0}
            onClick={() => void exportCsv('not-matched', notMatchedColumns, result.notMatched)}
          >
            <LuDownload aria-hidden="true" />
            Export not matched (CSV)
          </Button>
          <Button
            size="sm"
            disabled={result.notMatched.length === 0 || result.notMatched.length > PROMOTE_LIMIT}
            loading={promote.isPending}
            title={
              result.notMatched.length > PROMOTE_LIMIT
                ? `At most ${formatInteger(PROMOTE_LIMIT)} at once`
                : undefined
            }
            onClick={() => void promoteAll()}
          >
            <LuPlus aria-hidden="true" />
            Add them as indicators (TLP:AMBER)
          </Button>
        </Flex>
        <DataTable
          label="Values not matched"
          columns={notMatchedColumns}
          rows={result.notMatched}
          rowKey={(row) => String(row.index)}
          status="success"
          emptyMessage="Every value matched a known indicator."
          height="60vh"
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * Cases: the list of cases the user reads (filters in the URL, SLA state per row), a new case, and a
 * case on its own page (`?case=<id>`, the link every other page uses). The case page gets the graph
 * feature's neighbourhood view of what it links and the briefing's PDF renderer from here.
 */
import { Button, Stack } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { PageHeading } from '@/components/ui/page-heading';
import { platformLink } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { personName, useCasePeople } from '@/features/cases/api/list-case-people';
import { useCases, type CaseRow } from '@/features/cases/api/list-cases';
import { caseColumns } from '@/features/cases/components/case-columns';
import { CaseFilterBar } from '@/features/cases/components/case-filter-bar';
import { CaseView } from '@/features/cases/components/case-view';
import { NewCaseDialog } from '@/features/cases/components/new-case-dialog';
import { caseFiltersSchema } from '@/features/cases/schemas/case-filters';
import { useUrlState } from '@/lib/url-state';
import { caseGraphTab } from './case-graph-tab';
import type { PlatformPageProps } from './pages';

/** jsPDF arrives only when someone exports. */
const exportPdf = async (kase: CaseRow) => (await import('./case-pdf')).downloadCasePdf(kase);

export default function CasesPage({ definition }: PlatformPageProps) {
  const { user } = useAuth();
  const [filters, setFilters] = useUrlState(caseFiltersSchema);
  const { case: openCase, ...listFilters } = filters;
  const list = useCases(listFilters, user?.id ?? null);
  const people = useCasePeople();
  const [creating, setCreating] = useState(false);
  const name = useCallback(
    (id: string | null) => (id ? personName(people.data, id) : 'Unassigned'),
    [people.data],
  );
  const columns = useMemo(() => caseColumns(name), [name]);

  if (openCase)
    return (
      <Stack gap="4" p={{ base: '3', md: '6' }}>
        <CaseView
          caseId={openCase}
          people={people.data ?? []}
          backTo={platformLink('cases')}
          extraTabs={[caseGraphTab]}
          onExportPdf={exportPdf}
        />
      </Stack>
    );
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading
        title={definition.title}
        aside={
          <Button size="sm" onClick={() => setCreating(true)}>
            New case
          </Button>
        }
      />
      <CaseFilterBar filters={filters} people={people.data ?? []} onChange={(patch) => setFilters(patch)} />
      <DataTable
        label="Cases"
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        {...tableQueryState(list, 'The cases')}
        emptyMessage="No case matches these filters."
        onActivate={(row) => setFilters({ case: row.id }, { push: true })}
      />
      {creating && (
        <NewCaseDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setFilters({ case: id }, { push: true });
          }}
        />
      )}
    </Stack>
  );
}

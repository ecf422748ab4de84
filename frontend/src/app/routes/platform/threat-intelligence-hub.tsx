/**
 * Threat Intelligence Hub: the alert triage queue. Filters and the open alert live in the URL; new
 * alerts arrive live (the same change feed as the sidebar badge); a selection can be acknowledged,
 * assigned, resolved or dismissed at once; the queue works from the keyboard. An alert dismissed as
 * a false positive offers to put its indicator's value on an exclusion list.
 */
import { Button, Flex, Kbd, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import { toast } from '@/components/ui/toast';
import { entityPaths, platformLink } from '@/config/paths';
import { useAlert } from '@/features/alerts/api/get-alert';
import { useAssignees } from '@/features/alerts/api/get-assignees';
import { useAlerts, type AlertRow } from '@/features/alerts/api/list-alerts';
import { useUpdateAlerts } from '@/features/alerts/api/update-alerts';
import { alertIndicator } from '@/features/alerts/utils/alert-indicator';
import { alertColumns } from '@/features/alerts/components/alert-columns';
import { AlertDrawer, assigneeName } from '@/features/alerts/components/alert-drawer';
import { AlertFilterBar } from '@/features/alerts/components/alert-filter-bar';
import { DismissDialog } from '@/features/alerts/components/dismiss-dialog';
import { TriageShortcutsHelp } from '@/features/alerts/components/triage-shortcuts-help';
import { useTriageShortcuts } from '@/features/alerts/hooks/use-triage-shortcuts';
import {
  alertFiltersSchema,
  alertResultFilters,
  type AlertStatus,
} from '@/features/alerts/schemas/alert-filters';
import { canMove, ACTION_LABELS } from '@/features/alerts/utils/transitions';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HubCaseActions } from '@/features/cases/components/hub-case-actions';
import {
  AddExclusionDialog,
  type FalsePositiveValue,
} from '@/features/exclusions/components/add-exclusion-dialog';
import { getIndicatorQueryOptions } from '@/features/indicators/api/get-indicator';
import { NotifyMeButton } from '@/features/notifications/components/notify-me-button';
import { indicatorKeys } from '@/features/indicators/api/keys';
import type { IndicatorType } from '@/lib/intel/indicator-input';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

function AlertContext({ alert }: { alert: AlertRow }) {
  if (!alert.indicator_id && !alert.cve_id) return null;
  return (
    <Flex gap="3" wrap="wrap">
      {alert.indicator_id && (
        <ChakraLink asChild>
          <Link to={platformLink('iocIntelligence', { open: alert.indicator_id, status: 'all' })}>
            The indicator
          </Link>
        </ChakraLink>
      )}
      {alert.cve_id && (
        <ChakraLink asChild>
          <Link to={entityPaths.cve(alert.cve_id)}>{alert.cve_id}</Link>
        </ChakraLink>
      )}
    </Flex>
  );
}

export default function ThreatIntelligenceHubPage({ definition }: PlatformPageProps) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [filters, setFilters] = useUrlState(alertFiltersSchema);
  const result = useMemo(() => alertResultFilters(filters), [filters]);
  const list = useAlerts(result, userId);
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const assignees = useAssignees();
  const openAlert = useAlert(filters.alert);
  const update = useUpdateAlerts();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dismissing, setDismissing] = useState<string[]>([]);
  const [help, setHelp] = useState(false);
  const [offer, setOffer] = useState<FalsePositiveValue | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const names = useCallback((id: string | null) => assigneeName(assignees.data, id), [assignees.data]);
  const columns = useMemo(() => alertColumns(names), [names]);
  const categories = useMemo(() => [...new Set(rows.map((row) => row.category))].sort(), [rows]);
  const targets = useCallback(
    () => (selected.size ? [...selected] : filters.alert ? [filters.alert] : []),
    [selected, filters.alert],
  );

  const apply = useCallback(
    async (change: Parameters<typeof update.mutateAsync>[0], done: string) => {
      try {
        const changed = await update.mutateAsync(change);
        toast({ title: done, description: `${changed} ${changed === 1 ? 'alert' : 'alerts'} updated.` });
        setSelected(new Set());
        return true;
      } catch (error) {
        toast({
          title: 'Nothing was changed',
          description: (error as Error).message,
          variant: 'destructive',
        });
        return false;
      }
    },
    [update],
  );
  const move = useCallback(
    (to: AlertStatus) => {
      const ids = targets();
      if (ids.length === 0) return;
      if (to === 'dismissed') setDismissing(ids);
      else
        void apply(
          { ids, status: to },
          `${ACTION_LABELS[to]}d`.replace('Investigated', 'Under investigation'),
        );
    },
    [targets, apply],
  );
  const assignToMe = useCallback(() => {
    const ids = targets();
    if (ids.length && userId) void apply({ ids, assignedTo: userId }, 'Assigned to you');
  }, [targets, apply, userId]);
  /** The value behind a false positive, from the alert's evidence or else its indicator. */
  const offerExclusion = useCallback(
    async (alert: AlertRow, reason: string) => {
      let indicator = alertIndicator(alert);
      if (!indicator && alert.indicator_id !== null) {
        const row = await queryClient
          .fetchQuery(getIndicatorQueryOptions(alert.indicator_id))
          .catch(() => null);
        if (row) indicator = { type: row.type as IndicatorType, value: row.value };
      }
      if (indicator) setOffer({ alertId: alert.id, reason, ...indicator });
    },
    [queryClient],
  );
  const dismiss = async (reason: string, falsePositive: boolean) => {
    const ids = dismissing;
    const done = await apply(
      { ids, status: 'dismissed', dismissalReason: reason, falsePositive: falsePositive || undefined },
      falsePositive ? 'Dismissed as a false positive' : 'Dismissed',
    );
    setDismissing([]);
    const alert = rows.find((row) => row.id === ids[0]) ?? openAlert.data ?? undefined;
    if (done && falsePositive && ids.length === 1 && alert && alert.id === ids[0])
      void offerExclusion(alert, reason);
  };
  useTriageShortcuts({
    enabled: targets().length > 0,
    onMove: move,
    onAssignToMe: assignToMe,
    onHelp: () => setHelp((shown) => !shown),
  });

  const selectedRows = rows.filter((row) => selected.has(row.id));
  const bulkCan = (to: AlertStatus) =>
    selectedRows.length > 0 && selectedRows.every((row) => canMove(row.status, to));

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading
        title={definition.title}
        aside={
          <Button size="xs" variant="ghost" onClick={() => setHelp(true)} aria-haspopup="dialog">
            Keyboard shortcuts <Kbd>?</Kbd>
          </Button>
        }
      />
      <TriageShortcutsHelp open={help} onOpenChange={setHelp} />
      <AlertFilterBar
        filters={filters}
        categories={categories}
        assignees={assignees.data ?? []}
        onChange={(patch) => {
          setSelected(new Set());
          setFilters(patch);
        }}
      />
      <Flex gap="2" wrap="wrap" align="center" aria-label="Act on the selection" role="toolbar">
        <Text fontSize="sm" color="fg.muted" minWidth="8rem">
          {selected.size ? `${selected.size} selected` : 'Select alerts to act on several'}
        </Text>
        {(['acknowledged', 'investigating', 'resolved', 'dismissed'] as const).map((to) => (
          <Button
            key={to}
            size="sm"
            variant="outline"
            disabled={!bulkCan(to) || update.isPending}
            onClick={() => move(to)}
          >
            {ACTION_LABELS[to]}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          disabled={selected.size === 0 || update.isPending}
          onClick={assignToMe}
        >
          Assign to me
        </Button>
        <HubCaseActions
          alerts={selectedRows}
          onDone={(caseId) => {
            setSelected(new Set());
            void navigate(entityPaths.case(caseId));
          }}
        />
        <Flex flex="1" />
        <NotifyMeButton page="threat-intelligence-hub" pageTitle={definition.title} />
      </Flex>
      <DataTable
        label="Alerts"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        {...pagedTableState(list, 'The alerts')}
        emptyMessage="No alert matches these filters."
        selected={selected}
        onSelectedChange={setSelected}
        onActivate={(row) => setFilters({ alert: row.id }, { push: true })}
      />
      <AlertDrawer
        open={filters.alert !== undefined}
        alert={openAlert.data ?? undefined}
        onClose={() => setFilters({ alert: undefined })}
        busy={update.isPending}
        onMove={(to) =>
          to === 'dismissed'
            ? setDismissing([filters.alert!])
            : void apply({ ids: [filters.alert!], status: to }, 'Status changed')
        }
        onAssign={(assignedTo) =>
          void apply({ ids: [filters.alert!], assignedTo }, assignedTo ? 'Assigned' : 'Unassigned')
        }
        context={openAlert.data ? <AlertContext alert={openAlert.data} /> : null}
        onExclude={() =>
          openAlert.data && void offerExclusion(openAlert.data, openAlert.data.dismissal_reason ?? '')
        }
      />
      <DismissDialog
        count={dismissing.length}
        open={dismissing.length > 0}
        busy={update.isPending}
        onCancel={() => setDismissing([])}
        onDismiss={(reason, falsePositive) => void dismiss(reason, falsePositive)}
      />
      <AddExclusionDialog
        offer={offer}
        onClose={() => setOffer(null)}
        onAdded={() => void queryClient.invalidateQueries({ queryKey: indicatorKeys.all })}
      />
    </Stack>
  );
}

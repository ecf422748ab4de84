/**
 * Admin dashboard (admins with a verified second factor; the server decides): security events with a
 * chart over time, the audit trail, performance reports, import runs with failures and the service
 * health history. One tab at a time in the URL, so only its queries run; nothing polls.
 */
import { Stack, Tabs } from '@chakra-ui/react';
import { PageHeading } from '@/components/ui/page-heading';
import { AuditPanel } from '@/features/admin-dashboard/components/audit-panel';
import { HealthHistoryPanel } from '@/features/admin-dashboard/components/health-history-panel';
import { ImportFailuresPanel } from '@/features/admin-dashboard/components/import-failures-panel';
import { PerformancePanel } from '@/features/admin-dashboard/components/performance-panel';
import { SecurityEventsPanel } from '@/features/admin-dashboard/components/security-events-panel';
import { adminViewSchema, type AdminTab } from '@/features/admin-dashboard/schemas/admin-view';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

const TABS: readonly { id: AdminTab; label: string }[] = [
  { id: 'events', label: 'Security events' },
  { id: 'audit', label: 'Audit trail' },
  { id: 'performance', label: 'Performance' },
  { id: 'imports', label: 'Import failures' },
  { id: 'health', label: 'Service health' },
];

export default function AdminDashboardPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(adminViewSchema);
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        What happened on the platform: security events, administrative actions and its health.
      </PageHeading>
      <Tabs.Root
        value={view.tab}
        onValueChange={(details) => setView({ tab: details.value as AdminTab }, { push: true })}
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="events">
          <SecurityEventsPanel view={view} onChange={setView} />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditPanel view={view} onChange={setView} />
        </Tabs.Content>
        <Tabs.Content value="performance">
          <PerformancePanel />
        </Tabs.Content>
        <Tabs.Content value="imports">
          <ImportFailuresPanel />
        </Tabs.Content>
        <Tabs.Content value="health">
          <HealthHistoryPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

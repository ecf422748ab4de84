/**
 * System Configuration: the installation's settings in one table (type, allowed range, value, last
 * change), edited in place with the server's validation, each with its audit history; then the
 * notifications that leave the app (channels, rules, delivery log). Source schedules are per source,
 * on Third-Party Intelligence.
 */
import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { platformPath } from '@/config/paths';
import { useUrlState } from '@/lib/url-state';
import { useSettings } from '@/features/settings/api/list-settings';
import { SettingHistoryDrawer } from '@/features/settings/components/setting-history-drawer';
import { SettingsTable } from '@/features/settings/components/settings-table';
import { settingsViewSchema } from '@/features/settings/schemas/settings-view';
import { NotificationsSection } from '@/features/notifications/components/notifications-section';
import { OutboundAddressesSection } from '@/features/outbound/components/outbound-addresses-section';
import { EnrichmentServicesSection } from '@/features/enrichment-services/components/enrichment-services-section';
import { SlaTargetsSection } from '@/features/cases/components/sla-targets-section';
import type { PlatformPageProps } from './pages';

export default function SystemConfigurationPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(settingsViewSchema);
  const settings = useSettings();

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        How the installation behaves: markings of new sources, when a match becomes an alert, how long data is
        kept. The server checks every value and records each change. Source schedules are set per source on{' '}
        <Link asChild>
          <RouterLink to={platformPath('socradarIntelligence')}>Third-Party Intelligence</RouterLink>
        </Link>
        .
      </PageHeading>
      {settings.isPending && <Text color="fg.muted">Loading the settings…</Text>}
      {settings.isError && (
        <Text role="alert" color="fg.error">
          The settings could not be loaded: {settings.error.message}
        </Text>
      )}
      {settings.data && (
        <SettingsTable
          settings={settings.data}
          onHistory={(key) => setView({ history: key }, { push: true })}
        />
      )}
      <SettingHistoryDrawer
        settingKey={view.history}
        settings={settings.data}
        onClose={() => setView({ history: undefined })}
      />
      <SlaTargetsSection />
      <OutboundAddressesSection />
      <EnrichmentServicesSection />
      <NotificationsSection />
    </Stack>
  );
}

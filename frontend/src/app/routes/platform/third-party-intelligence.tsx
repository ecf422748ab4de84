/**
 * Third-Party Intelligence: the sources of the knowledge base, how far each is trusted, and how its
 * imports went. A failing, never-succeeded or overdue source stands out above the table; a source
 * opens in a drawer with its run history, and administrators with a verified second factor change
 * it, sync it or import a file into it there. Runs are followed live (realtime on import_runs).
 * Below, administrators manage the feeds we serve to sensors (features/served-feeds).
 */
import { Badge, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { platformPath } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DemoDatasetProgress } from '@/features/demo-dataset/components/demo-dataset-progress';
import { ServedFeedsSection } from '@/features/served-feeds/components/served-feeds-section';
import { isAdminAccount } from '@/features/auth/utils/admin-account';
import { useSourceOverview } from '@/features/sources/api/get-source-overview';
import { AttentionList } from '@/features/sources/components/attention-list';
import { sourceColumns } from '@/features/sources/components/source-columns';
import { SourceDrawer } from '@/features/sources/components/source-drawer';
import type { AdminAccess } from '@/features/sources/components/source-overview-tab';
import { useImportRunChanges } from '@/features/sources/hooks/use-import-run-changes';
import { sourceViewSchema } from '@/features/sources/schemas/source-view';
import { byAttention, needsAttention } from '@/features/sources/utils/source-health';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

export default function ThirdPartyIntelligencePage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(sourceViewSchema);
  const { adminValidation } = useAuth();
  // The controls follow the server's answer; the server checks again on every change.
  const admin: AdminAccess = adminValidation?.authorized
    ? 'verified'
    : isAdminAccount(adminValidation)
      ? 'unverified'
      : 'none';
  const { live } = useImportRunChanges();
  const overview = useSourceOverview();
  // Ages ("3 h ago") count from when the list was read, so they agree with its verdicts.
  const now = overview.dataUpdatedAt;
  const columns = useMemo(() => sourceColumns(now), [now]);
  const sorted = useMemo(() => [...(overview.data ?? [])].sort(byAttention), [overview.data]);
  const attention = sorted.filter(needsAttention);
  const rows = view.attention ? attention : sorted;
  const enabled = sorted.filter((source) => source.enabled).length;

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        Where the knowledge base comes from: each source, how far it is trusted, and how its imports went.
      </PageHeading>
      <DemoDatasetProgress />
      {overview.data && (
        <AttentionList
          sources={attention}
          now={now}
          onOpen={(source) => setView({ source: source.id }, { push: true })}
        />
      )}
      <Stack as="section" aria-labelledby="sources-heading" gap="2">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h2" size="md" id="sources-heading">
            Sources
          </Heading>
          {overview.data && (
            <Text fontSize="sm" color="fg.muted" flex="1">
              {sorted.length} in all, {enabled} enabled
            </Text>
          )}
          <Badge size="sm" variant="outline" colorPalette={live ? 'green' : 'gray'}>
            {live ? 'Live' : 'Not live: updates on reload'}
          </Badge>
          <Checkbox.Root
            size="sm"
            checked={view.attention === '1'}
            onCheckedChange={(details) => setView({ attention: details.checked === true ? '1' : undefined })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Needs attention only</Checkbox.Label>
          </Checkbox.Root>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          What needs attention comes first. Open a source for its details and its runs
          {admin === 'verified' ? ', to change it, sync it or import a file into it' : ''}.
        </Text>
        <DataTable
          label="Sources"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          {...tableQueryState(overview, 'The sources')}
          emptyMessage={
            view.attention
              ? 'No source needs attention.'
              : 'No source yet: sources appear with their first import (npm run intel -- import FILE).'
          }
          onActivate={(row) => setView({ source: row.id }, { push: true })}
          height="60vh"
        />
      </Stack>
      {/* Feeds we serve: administrators with a verified second factor only (the server refuses others). */}
      {admin === 'verified' && <ServedFeedsSection />}
      <SourceDrawer
        sourceId={view.source}
        sources={overview.data}
        onClose={() => setView({ source: undefined })}
        now={now}
        admin={admin}
        verifyHref={platformPath('admin')}
        live={live}
      />
    </Stack>
  );
}

/**
 * One case on its own page: its facts, status moves and assignee, exports, and tabs for what is
 * linked, tasks, notes, the timeline and attachments, all following the case live. The app adds
 * tabs from other features (the graph) and the PDF export (the briefing's renderer).
 */
import { Badge, Button, Flex, Heading, Link as ChakraLink, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STIX_MEDIA_TYPE } from '@/lib/intel/stix-export';
import { downloadText } from '@/components/data-table/csv-export';
import { TlpBanner } from '@/components/intel/tlp-banner';
import type { TlpLevel } from '@/components/intel/tlp-badge';
import { toast } from '@/components/ui/toast';
import { InertText } from '@/lib/security/inert-text';
import { exportCaseStix } from '@/features/cases/api/export-case-stix';
import { useCase } from '@/features/cases/api/get-case';
import { listCaseAlerts } from '@/features/cases/api/list-case-alerts';
import { listCaseLinks } from '@/features/cases/api/list-case-links';
import { listCaseNotes } from '@/features/cases/api/list-case-notes';
import type { CasePerson } from '@/features/cases/api/list-case-people';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { useCaseChanges } from '@/features/cases/hooks/use-case-changes';
import { KIND_LABELS } from '@/features/cases/schemas/case-filters';
import { CaseAttachments } from './case-attachments';
import { EditCaseDialog } from './edit-case-dialog';
import { CaseLinked } from './case-linked';
import { CaseNotes } from './case-notes';
import { CaseOverview } from './case-overview';
import { CaseStatusBar } from './case-status-bar';
import { CaseTasks } from './case-tasks';
import { CaseTimeline } from './case-timeline';
import { SlaBadge } from './sla-badge';

export interface CaseExtraTab {
  id: string;
  label: string;
  content: (kase: CaseRow) => ReactNode;
}

interface CaseViewProps {
  caseId: string;
  people: readonly CasePerson[];
  backTo: string;
  extraTabs?: readonly CaseExtraTab[];
  onExportPdf?: (kase: CaseRow) => Promise<void>;
}

function CaseActions({ kase, onExportPdf }: { kase: CaseRow; onExportPdf?: CaseViewProps['onExportPdf'] }) {
  const [busy, setBusy] = useState<'pdf' | 'stix' | null>(null);
  const [editing, setEditing] = useState(false);
  const run = async (what: 'pdf' | 'stix', action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      toast({ title: 'Not exported', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const stix = async () => {
    const [links, alerts, notes] = await Promise.all([
      listCaseLinks(kase.id),
      listCaseAlerts(kase.id),
      listCaseNotes(kase.id),
    ]);
    downloadText(
      `case-${kase.id.slice(0, 8)}.stix.json`,
      await exportCaseStix(kase, links, alerts, notes),
      STIX_MEDIA_TYPE,
    );
  };
  return (
    <Flex gap="2">
      <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
        Edit
      </Button>
      {editing && <EditCaseDialog kase={kase} onClose={() => setEditing(false)} />}
      {onExportPdf && (
        <Button
          size="sm"
          variant="outline"
          loading={busy === 'pdf'}
          onClick={() => void run('pdf', () => onExportPdf(kase))}
        >
          Export PDF
        </Button>
      )}
      <Button size="sm" variant="outline" loading={busy === 'stix'} onClick={() => void run('stix', stix)}>
        Export STIX
      </Button>
    </Flex>
  );
}

export function CaseView({ caseId, people, backTo, extraTabs = [], onExportPdf }: CaseViewProps) {
  const query = useCase(caseId);
  useCaseChanges(caseId);
  const back = (
    <ChakraLink asChild fontSize="sm">
      <Link to={backTo}>← All cases</Link>
    </ChakraLink>
  );
  if (query.isPending) return <Text>Loading the case…</Text>;
  if (query.error) return <Text color="fg.error">The case could not be loaded: {query.error.message}</Text>;
  const kase = query.data;
  if (!kase)
    return (
      <Stack gap="2">
        {back}
        <Text>There is no such case that you can read.</Text>
      </Stack>
    );
  return (
    <Stack gap="4">
      {back}
      <TlpBanner tlp={kase.tlp as TlpLevel} />
      <Flex gap="3" align="start" wrap="wrap">
        <Stack gap="1" flex="1" minWidth="16rem">
          <Heading as="h2" size="lg">
            <InertText value={kase.title} />
          </Heading>
          <Flex gap="2" wrap="wrap">
            <Badge>{KIND_LABELS[kase.kind]}</Badge>
            <SlaBadge row={kase} />
          </Flex>
        </Stack>
        <CaseActions kase={kase} onExportPdf={onExportPdf} />
      </Flex>
      <CaseStatusBar kase={kase} people={people} />
      <Tabs.Root defaultValue="overview" lazyMount variant="line">
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="linked">Linked items</Tabs.Trigger>
          <Tabs.Trigger value="tasks">Tasks</Tabs.Trigger>
          <Tabs.Trigger value="notes">Notes</Tabs.Trigger>
          <Tabs.Trigger value="timeline">Timeline</Tabs.Trigger>
          <Tabs.Trigger value="attachments">Attachments</Tabs.Trigger>
          {extraTabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview">
          <CaseOverview kase={kase} people={people} />
        </Tabs.Content>
        <Tabs.Content value="linked">
          <CaseLinked caseId={kase.id} />
        </Tabs.Content>
        <Tabs.Content value="tasks">
          <CaseTasks caseId={kase.id} people={people} />
        </Tabs.Content>
        <Tabs.Content value="notes">
          <CaseNotes caseId={kase.id} people={people} />
        </Tabs.Content>
        <Tabs.Content value="timeline">
          <CaseTimeline caseId={kase.id} people={people} />
        </Tabs.Content>
        <Tabs.Content value="attachments">
          <CaseAttachments caseId={kase.id} />
        </Tabs.Content>
        {extraTabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id}>
            {tab.content(kase)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

/** A case's facts (kind, severity, TLP, PAP, SLA times) and its description, shown inert. */
import { Box, Stack, Text } from '@chakra-ui/react';
import { Facts } from '@/components/entity/facts';
import { PapBadge } from '@/components/intel/pap-badge';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { SeverityBadge } from '@/components/intel/alert-badges';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { personName, type CasePerson } from '@/features/cases/api/list-case-people';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { KIND_LABELS } from '@/features/cases/schemas/case-filters';
import { SlaBadge } from './sla-badge';

const when = (value: string | null) => formatDateTime(value) ?? '—';

export function CaseOverview({ kase, people }: { kase: CaseRow; people: readonly CasePerson[] }) {
  return (
    <Stack gap="4">
      <Facts
        items={[
          ['Kind', KIND_LABELS[kase.kind]],
          ['Severity', <SeverityBadge key="s" severity={kase.severity} />],
          ['TLP', <TlpBadge key="t" tlp={kase.tlp} />],
          ['PAP', <PapBadge key="p" pap={kase.pap} />],
          ['SLA', <SlaBadge key="sla" row={kase} />],
          [
            'Opened',
            `${when(kase.created_at)} by ${kase.created_by ? personName(people, kase.created_by) : 'the platform'}`,
          ],
          ['Respond by', when(kase.respond_by)],
          ['Due', when(kase.due_at)],
          ['Taken up', when(kase.acknowledged_at)],
          ['Resolved', when(kase.resolved_at)],
        ]}
      />
      <Box>
        <Text fontWeight="semibold" mb="1">
          Description
        </Text>
        {kase.description ? (
          <Box borderWidth="1px" borderRadius="md" p="3" fontSize="sm">
            <InertText as="div" value={kase.description} />
          </Box>
        ) : (
          <Text color="fg.muted">No description.</Text>
        )}
      </Box>
    </Stack>
  );
}

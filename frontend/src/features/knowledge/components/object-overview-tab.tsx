/**
 * An object's overview on the entity screen: description, aliases, ids, tactics and platforms, marking;
 * then what an analyst does with it (edit, relate, merge) and its notes.
 */
import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Facts } from '@/components/entity/facts';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDate } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { IntelObject } from '@/features/knowledge/api/get-intel-object';
import { plainAttackText } from '@/features/knowledge/utils/object-kinds';
import { summaryText } from '@/features/knowledge/utils/summary-text';
import { ExternalIds } from './external-ids';
import { ObjectCuration } from './object-curation';

/** ATT&CK's tactic short names (initial-access) as their names (Initial Access). */
function tacticNames(phases: unknown): string | null {
  if (!Array.isArray(phases)) return null;
  const names = phases
    .map((phase) => (phase as { phase_name?: unknown }).phase_name)
    .filter((name): name is string => typeof name === 'string')
    .map((name) =>
      name
        .split('-')
        .map((word) => (word === 'and' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
        .join(' '),
    );
  return names.length ? [...new Set(names)].join(', ') : null;
}

export function ObjectOverviewTab({ object, extra }: { object: IntelObject; extra?: ReactNode }) {
  return (
    <Stack gap="4">
      {object.description && (
        <InertText
          value={
            object.type === 'report' ? summaryText(object.description) : plainAttackText(object.description)
          }
          as="p"
          maxLength={4000}
        />
      )}
      <Facts
        items={[
          [
            'Aliases',
            object.aliases.length ? (
              <InertText key="a" value={object.aliases.join(', ')} defangLinks={false} />
            ) : null,
          ],
          [
            'External ids',
            object.external_ids.length ? <ExternalIds key="x" ids={object.external_ids} /> : null,
          ],
          ...(object.type === 'attack-pattern'
            ? [['Tactics', tacticNames(object.kill_chain_phases)] as [string, ReactNode]]
            : []),
          ['Platforms', object.platforms.length ? object.platforms.join(', ') : null],
          ['TLP', <TlpBadge key="t" tlp={object.tlp} />],
          ['Status', object.revoked ? 'Revoked' : object.deprecated ? 'Deprecated' : 'Current'],
          ['Modified', formatDate(object.modified)],
          [
            'STIX id',
            <Text key="s" as="code" fontSize="xs">
              {object.stix_id}
            </Text>,
          ],
        ]}
      />
      {extra}
      <ObjectCuration object={object} />
    </Stack>
  );
}

/** A knowledge object on the shared entity screen: overview, its relationships, its indicators. */
import { Badge, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDate, formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useIntelObject, type IntelObject } from '@/features/knowledge/api/get-intel-object';
import { useObjectRelations } from '@/features/knowledge/api/get-object-relations';

export const OBJECT_KIND_NAMES: Record<string, string> = {
  'threat-actor': 'Threat actor',
  'intrusion-set': 'Intrusion set',
  malware: 'Malware',
  tool: 'Tool',
  'attack-pattern': 'Technique',
  campaign: 'Campaign',
  'course-of-action': 'Mitigation',
  report: 'Report',
};

function Overview({ object }: { object: IntelObject }) {
  return (
    <Stack gap="4">
      {object.description && <InertText value={object.description} as="p" maxLength={4000} />}
      <Facts
        items={[
          [
            'Aliases',
            object.aliases.length ? (
              <InertText key="a" value={object.aliases.join(', ')} defangLinks={false} />
            ) : null,
          ],
          ['External ids', object.external_ids.length ? object.external_ids.join(', ') : null],
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
    </Stack>
  );
}

function Relations({ stixId, indicatorsHref }: { stixId: string; indicatorsHref: string }) {
  const relations = useObjectRelations(stixId);
  if (relations.isPending) return <Spinner size="sm" />;
  if (relations.isError)
    return <Text role="alert">The relationships could not be loaded: {relations.error.message}</Text>;
  const named = relations.data.filter((row) => row.other_type !== 'indicator');
  const indicators = relations.data.filter((row) => row.other_type === 'indicator');
  return (
    <Stack gap="3">
      {indicators.map((row) => (
        <Text key={row.relationship_type} fontSize="sm">
          {formatInteger(Number(row.relationship_count))} indicators {row.relationship_type} it —{' '}
          <ChakraLink asChild>
            <Link to={indicatorsHref}>open them</Link>
          </ChakraLink>
        </Text>
      ))}
      {named.length === 0 ? (
        <Text color="fg.muted">No other object is linked to it.</Text>
      ) : (
        <Stack as="ul" gap="1.5" listStyleType="none" ps="0" fontSize="sm">
          {named.map((row) => (
            <li key={`${row.direction}-${row.relationship_type}-${row.other_stix_id}`}>
              <Text as="span" color="fg.muted">
                {row.direction === 'out' ? row.relationship_type : `${row.relationship_type} by`}{' '}
              </Text>
              <Badge size="sm" variant="subtle" me="1">
                {OBJECT_KIND_NAMES[row.other_type ?? ''] ?? row.other_type}
              </Badge>
              <InertText value={row.other_name ?? row.other_stix_id} defangLinks={false} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface IntelObjectDrawerProps {
  stixId: string | undefined;
  onClose: () => void;
  /** The IOC page filtered to this object's indicators. */
  indicatorsHref: (stixId: string) => string;
}

export function IntelObjectDrawer({ stixId, onClose, indicatorsHref }: IntelObjectDrawerProps) {
  const object = useIntelObject(stixId);
  const data = object.data;
  return (
    <EntityDrawer
      open={stixId !== undefined}
      onClose={onClose}
      kind={data ? (OBJECT_KIND_NAMES[data.type] ?? data.type) : 'Object'}
      title={
        data ? (
          <InertText value={data.name ?? data.stix_id} defangLinks={false} />
        ) : object.isSuccess ? (
          'Not found'
        ) : (
          'Loading…'
        )
      }
      subtitle={
        object.isSuccess && !data ? 'It does not exist, or your clearance does not cover its TLP.' : undefined
      }
      tabs={
        data && stixId
          ? [
              { id: 'overview', label: 'Overview', content: <Overview object={data} /> },
              {
                id: 'relationships',
                label: 'Relationships',
                content: <Relations stixId={stixId} indicatorsHref={indicatorsHref(stixId)} />,
              },
            ]
          : []
      }
    />
  );
}

/**
 * A technique's own tabs on the entity screen: its mitigations (how each applies) and who uses it
 * (the objects compared on the matrix first, each with ATT&CK's procedure text), plus its parent or
 * sub-techniques. One query (`technique_relations`) feeds them all.
 */
import { Badge, Box, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { InertText } from '@/lib/security/inert-text';
import {
  useTechniqueRelations,
  type TechniqueRelation,
} from '@/features/knowledge/api/get-technique-relations';
import { kindName, plainAttackText } from '@/features/knowledge/utils/object-kinds';
import { ObjectLink } from './object-link';

const PROCEDURE_CHARS = 400;

interface TechniqueTabProps {
  stixId: string;
  onOpenObject?: (stixId: string) => void;
  /** Objects compared on the matrix: listed first among the users, and marked. */
  selected?: readonly string[];
}

function useRelations(stixId: string, keep: (row: TechniqueRelation) => boolean) {
  const relations = useTechniqueRelations(stixId);
  return { ...relations, rows: (relations.data ?? []).filter(keep) };
}

function State({
  query,
  empty,
  children,
}: {
  query: ReturnType<typeof useRelations>;
  empty: string;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner size="sm" aria-label="Loading" />;
  if (query.isError)
    return <Text role="alert">The technique could not be loaded: {query.error.message}</Text>;
  if (query.rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return <>{children}</>;
}

function RelationItem({
  row,
  onOpenObject,
  badge,
}: {
  row: TechniqueRelation;
  onOpenObject?: (id: string) => void;
  badge?: string;
}) {
  return (
    <Box as="li" borderBottomWidth="1px" pb="2">
      <Text as="span" color="fg.muted" me="1.5" fontVariantNumeric="tabular-nums">
        {row.other_external_id}
      </Text>
      <ObjectLink stixId={row.other_stix_id} name={row.other_name} onOpen={onOpenObject} />
      {badge && (
        <Badge size="sm" ms="2" colorPalette="blue">
          {badge}
        </Badge>
      )}
      {row.description && (
        <InertText
          as="p"
          value={plainAttackText(row.description)}
          maxLength={PROCEDURE_CHARS}
          className="procedure"
        />
      )}
    </Box>
  );
}

export function TechniqueMitigationsTab({ stixId, onOpenObject }: TechniqueTabProps) {
  const query = useRelations(stixId, (row) => row.relationship_type === 'mitigates');
  return (
    <State query={query} empty="ATT&CK lists no mitigation for it.">
      <Stack as="ul" gap="2" listStyleType="none" ps="0" fontSize="sm">
        {query.rows.map((row) => (
          <RelationItem key={row.other_stix_id} row={row} onOpenObject={onOpenObject} />
        ))}
      </Stack>
    </State>
  );
}

export function TechniqueUsersTab({ stixId, onOpenObject, selected = [] }: TechniqueTabProps) {
  const query = useRelations(stixId, (row) => row.relationship_type === 'uses');
  // The compared objects first, then by kind and name as the server sorted them.
  const rows = [...query.rows].sort(
    (a, b) => Number(selected.includes(b.other_stix_id)) - Number(selected.includes(a.other_stix_id)),
  );
  const kinds = new Map<string, number>();
  for (const row of rows) kinds.set(row.other_type, (kinds.get(row.other_type) ?? 0) + 1);
  return (
    <State query={query} empty="No actor, software or campaign is known to use it.">
      <Stack gap="3">
        <Text fontSize="sm">
          Used by{' '}
          {[...kinds]
            .map(([kind, n]) => `${n} ${kindName(kind).toLowerCase()}${n === 1 ? '' : 's'}`)
            .join(', ')}
          .
        </Text>
        <Stack as="ul" gap="2" listStyleType="none" ps="0" fontSize="sm">
          {rows.map((row) => (
            <RelationItem
              key={row.other_stix_id}
              row={row}
              onOpenObject={onOpenObject}
              badge={selected.includes(row.other_stix_id) ? 'On the matrix' : undefined}
            />
          ))}
        </Stack>
      </Stack>
    </State>
  );
}

/** Its parent (for a sub-technique) or its sub-techniques, under the overview. */
export function TechniqueFamily({ stixId, onOpenObject }: TechniqueTabProps) {
  const query = useRelations(stixId, (row) => row.relationship_type === 'subtechnique-of');
  if (query.rows.length === 0) return null;
  const parent = query.rows.find((row) => row.direction === 'out');
  return (
    <Stack gap="1" as="section" aria-label={parent ? 'Parent technique' : 'Sub-techniques'}>
      <Heading as="h3" size="xs">
        {parent ? 'Sub-technique of' : `Sub-techniques (${query.rows.length})`}
      </Heading>
      <Stack as="ul" gap="0.5" listStyleType="none" ps="0" fontSize="sm">
        {query.rows.map((row) => (
          <li key={row.other_stix_id}>
            <Text as="span" color="fg.muted" me="1.5">
              {row.other_external_id}
            </Text>
            <ObjectLink stixId={row.other_stix_id} name={row.other_name} onOpen={onOpenObject} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

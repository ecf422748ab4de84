/**
 * What an object is linked to (`object_relations`): named objects, each relationship editable (or
 * revoked) in place, and the indicators pointing at it counted.
 */
import { Badge, Button, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format/format';
import { useObjectRelations } from '@/features/knowledge/api/get-object-relations';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { ObjectLink } from './object-link';
import { RelationshipEditDialog } from './relationship-edit-dialog';

interface ObjectRelationsTabProps {
  stixId: string;
  indicatorsHref: string;
  onOpenObject?: (stixId: string) => void;
}

export function ObjectRelationsTab({ stixId, indicatorsHref, onOpenObject }: ObjectRelationsTabProps) {
  const relations = useObjectRelations(stixId);
  const [editing, setEditing] = useState<{ id: string; summary: string } | null>(null);
  if (relations.isPending) return <Spinner size="sm" aria-label="Loading the relationships" />;
  if (relations.isError)
    return <Text role="alert">The relationships could not be loaded: {relations.error.message}</Text>;
  const named = relations.data.filter((row) => row.other_type !== 'indicator');
  const indicators = relations.data.filter((row) => row.other_type === 'indicator');
  return (
    <Stack gap="3">
      {indicators.map((row) => (
        <Text key={row.relationship_type} fontSize="sm">
          {formatCount(Number(row.relationship_count), 'indicator')} {row.relationship_type} it —{' '}
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
                {kindName(row.other_type)}
              </Badge>
              <ObjectLink stixId={row.other_stix_id} name={row.other_name} onOpen={onOpenObject} />
              {row.relationship_id && (
                <Button
                  size="2xs"
                  variant="ghost"
                  ms="1"
                  aria-label={`Edit the relationship ${row.relationship_type} ${row.other_name ?? row.other_stix_id}`}
                  onClick={() =>
                    setEditing({
                      id: row.relationship_id!,
                      summary: `${row.direction === 'out' ? 'This object' : (row.other_name ?? row.other_stix_id)} ${row.relationship_type} ${row.direction === 'out' ? (row.other_name ?? row.other_stix_id) : 'this object'}`,
                    })
                  }
                >
                  Edit
                </Button>
              )}
            </li>
          ))}
        </Stack>
      )}
      {editing && (
        <RelationshipEditDialog
          relationshipId={editing.id}
          summary={editing.summary}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

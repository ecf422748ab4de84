/** The malware, actors and campaigns one indicator is linked to; each opens its Enhanced CTI profile. */
import { Badge, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { entityPaths } from '@/config/paths';
import { InertText } from '@/lib/security/inert-text';
import { useIndicatorRelations } from '@/features/indicators/api/get-indicator-relations';

export function IndicatorRelationsTab({ id }: { id: number }) {
  const relations = useIndicatorRelations(id);
  if (relations.isPending) return <Spinner size="sm" />;
  if (relations.isError)
    return <Text role="alert">The links could not be loaded: {relations.error.message}</Text>;
  if (relations.data.length === 0)
    return <Text color="fg.muted">No malware, actor or campaign is linked to it.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" ps="0">
      {relations.data.map((relation) => (
        <li key={`${relation.relationship_type}-${relation.stix_id}`}>
          <Text as="span" color="fg.muted">
            {relation.direction === 'out'
              ? relation.relationship_type
              : `${relation.relationship_type} (by)`}{' '}
          </Text>
          <Badge size="sm" variant="subtle" me="1">
            {relation.type}
          </Badge>
          {/* A knowledge object's name (IClickFix, APT28) is no indicator: shown as it is. */}
          <ChakraLink asChild colorPalette="blue">
            <Link to={entityPaths.knowledgeObject(relation.stix_id)}>
              <InertText value={relation.name ?? relation.stix_id} defangLinks={false} />
            </Link>
          </ChakraLink>
        </li>
      ))}
    </Stack>
  );
}

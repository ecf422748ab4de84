/** News: recently changed TLP:CLEAR reports, actors, malware and tools, with the sources behind them. */
import { Badge, Box, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@/lib/format/format';
import { useIntelHighlights } from '@/features/public-site/api/get-intel-highlights';
import { LoadMore } from './load-more';

const kindLabels: Record<string, string> = {
  report: 'Report',
  'intrusion-set': 'Intrusion set',
  'threat-actor': 'Threat actor',
  campaign: 'Campaign',
  malware: 'Malware',
  tool: 'Tool',
};

export function IntelHighlightsList() {
  const query = useIntelHighlights();
  if (query.isPending) return <Skeleton h="40" />;
  if (query.isError) return <Text role="alert">{query.error.message}</Text>;
  const items = query.data.pages.flat();
  if (items.length === 0)
    return <Text color="fg.muted">No TLP:CLEAR intelligence has been imported yet.</Text>;
  return (
    <Stack gap="4">
      <Stack as="ol" gap="3" listStyleType="none" aria-label="TLP:CLEAR intelligence highlights">
        {items.map((item) => (
          <Box as="li" key={item.stix_id} borderWidth="1px" borderRadius="md" p="4">
            <HStack gap="3" wrap="wrap" mb="1">
              <Heading as="h3" size="sm">
                {item.name ?? item.stix_id}
              </Heading>
              <Badge variant="outline">{kindLabels[item.type] ?? item.type}</Badge>
              <Text fontSize="sm" color="fg.muted">
                updated {formatDate(item.modified)}
              </Text>
            </HStack>
            {item.summary && (
              <Text fontSize="sm" lineClamp={3}>
                {item.summary}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted" mt="1">
              {item.sources.length > 0 ? `Source: ${item.sources.join(', ')}` : 'Source: added by analysts'}
              {item.external_ids.length > 0 && ` · ${item.external_ids.join(', ')}`}
            </Text>
          </Box>
        ))}
      </Stack>
      <LoadMore {...query} label="Show 20 more highlights" />
    </Stack>
  );
}

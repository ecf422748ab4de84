/** News: the latest additions to CISA's Known Exploited Vulnerabilities catalogue, 20 at a time. */
import { Badge, Box, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatPercent } from '@/lib/format/format';
import { useKevAdditions } from '@/features/public-site/api/get-kev-additions';
import { LoadMore } from './load-more';

export function KevAdditionsList() {
  const query = useKevAdditions();
  if (query.isPending) return <Skeleton h="40" />;
  if (query.isError) return <Text role="alert">{query.error.message}</Text>;
  const entries = query.data.pages.flat();
  if (entries.length === 0) return <Text color="fg.muted">No KEV entries have been imported yet.</Text>;
  return (
    <Stack gap="4">
      <Stack as="ol" gap="3" listStyleType="none" aria-label="Latest KEV additions">
        {entries.map((entry) => (
          <Box as="li" key={entry.cve_id} borderWidth="1px" borderRadius="md" p="4">
            <HStack gap="3" wrap="wrap" mb="1">
              <Heading as="h3" size="sm">
                {entry.cve_id}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                added {formatDate(entry.date_added)}
              </Text>
              {entry.ransomware_use === 'Known' && <Badge colorPalette="red">Used in ransomware</Badge>}
            </HStack>
            <Text fontWeight="medium">{entry.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[entry.vendor, entry.product].filter(Boolean).join(' · ')}
              {entry.epss_score != null && ` · EPSS ${formatPercent(entry.epss_score)}`}
              {entry.cvss_base_score != null &&
                ` · CVSS ${entry.cvss_base_score} ${entry.cvss_severity ?? ''}`}
              {entry.due_date && ` · federal due date ${formatDate(entry.due_date)}`}
            </Text>
            {entry.short_description && (
              <Text fontSize="sm" mt="2">
                {entry.short_description}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      <LoadMore {...query} label="Show 20 more KEV additions" />
    </Stack>
  );
}

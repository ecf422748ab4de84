/** Results grouped by kind, each group with its count; a result opens its entity. */
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';
import type { SearchHit } from '@/features/search/api/unified-search';

export const KIND_LABELS: Record<string, string> = {
  cve: 'Vulnerabilities',
  indicator: 'Indicators',
  'threat-actor': 'Threat actors',
  'intrusion-set': 'Intrusion sets',
  malware: 'Malware',
  tool: 'Tools',
  'attack-pattern': 'Techniques',
  campaign: 'Campaigns',
  alert: 'Alerts',
  asset: 'Assets',
};

export function groupHits(hits: readonly SearchHit[]) {
  const groups = new Map<string, { total: number; hits: SearchHit[] }>();
  for (const hit of hits) {
    const group = groups.get(hit.kind) ?? { total: Number(hit.kind_total), hits: [] };
    group.hits.push(hit);
    groups.set(hit.kind, group);
  }
  return [...groups.entries()].sort(([, a], [, b]) => (b.hits[0]?.score ?? 0) - (a.hits[0]?.score ?? 0));
}

export function SearchResults({
  hits,
  onOpen,
}: {
  hits: readonly SearchHit[];
  onOpen: (hit: SearchHit) => void;
}) {
  const groups = groupHits(hits);
  return (
    <Stack gap="5">
      {groups.map(([kind, group]) => (
        <Box as="section" key={kind} aria-labelledby={`results-${kind}`}>
          <Flex align="baseline" gap="2" mb="2">
            <Heading as="h2" size="sm" id={`results-${kind}`}>
              {KIND_LABELS[kind] ?? kind}
            </Heading>
            <Badge size="sm" variant="subtle">
              {group.total >= 1000 ? '1,000+' : group.total.toLocaleString()}
            </Badge>
          </Flex>
          <Stack as="ul" gap="1" listStyleType="none" ps="0">
            {group.hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`}>
                <Button
                  variant="ghost"
                  size="sm"
                  width="full"
                  justifyContent="flex-start"
                  height="auto"
                  py="1.5"
                  onClick={() => onOpen(hit)}
                >
                  <Stack gap="0" align="stretch" minWidth="0" maxWidth="full" textAlign="start">
                    <InertText value={hit.title} singleLine />
                    {hit.subtitle && (
                      <Text fontSize="xs" color="fg.muted" fontWeight="normal" maxWidth="full">
                        <InertText value={hit.subtitle} singleLine />
                      </Text>
                    )}
                  </Stack>
                </Button>
              </li>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

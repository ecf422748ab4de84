/**
 * The sources that need someone: failing, never succeeded, or overdue, each with why and the error
 * of its last run. Above the table so a failing source cannot scroll out of sight.
 */
import { Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck, LuTriangleAlert } from 'react-icons/lu';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { healthReason } from '@/features/sources/utils/source-health';
import { HealthBadge } from './status-badges';

export function AttentionList({
  sources,
  now,
  onOpen,
}: {
  sources: readonly SourceOverview[];
  now: number;
  onOpen: (source: SourceOverview) => void;
}) {
  if (sources.length === 0)
    return (
      <Flex role="status" gap="2" align="center" fontSize="sm" color="status.healthy">
        <LuCircleCheck aria-hidden="true" />
        No source needs attention: none is failing or overdue.
      </Flex>
    );
  return (
    <Stack
      as="section"
      aria-labelledby="attention-heading"
      gap="2"
      borderWidth="1px"
      borderColor="status.down"
      borderLeftWidth="4px"
      borderRadius="md"
      p="3"
    >
      <Flex gap="2" align="center" color="status.down">
        <LuTriangleAlert aria-hidden="true" />
        <Heading as="h2" size="sm" id="attention-heading">
          {sources.length === 1 ? '1 source needs attention' : `${sources.length} sources need attention`}
        </Heading>
      </Flex>
      <List.Root as="ul" listStyle="none" gap="2" aria-label="Sources that need attention">
        {sources.map((source) => (
          <List.Item key={source.id}>
            <Stack gap="0.5">
              <Flex gap="2" align="center" wrap="wrap">
                <HealthBadge health={source.health} />
                <Button
                  variant="plain"
                  size="sm"
                  height="auto"
                  px="0"
                  fontWeight="semibold"
                  textDecoration="underline"
                  onClick={() => onOpen(source)}
                >
                  <InertText value={source.name} defangLinks={false} />
                </Button>
                <Text as="span" fontSize="sm">
                  {healthReason(source, now)}
                </Text>
              </Flex>
              {source.health === 'failed' && source.last_run_error && (
                <Box fontSize="sm" color="fg.muted" ps="1">
                  Error: <InertText value={source.last_run_error} maxLength={300} />
                </Box>
              )}
            </Stack>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

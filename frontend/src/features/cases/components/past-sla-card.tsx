/** The dashboard's card: how many open cases are past their SLA, and the most overdue of them. */
import { Badge, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { SeverityBadge } from '@/components/intel/alert-badges';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useCasesPastSla } from '@/features/cases/api/list-cases-past-sla';

interface PastSlaCardProps {
  hrefFor: (caseId: string) => string;
  allHref: string;
}

export function PastSlaCard({ hrefFor, allHref }: PastSlaCardProps) {
  const query = useCasesPastSla();
  const count = query.data?.count;
  return (
    <Stack as="section" aria-labelledby="past-sla-title" gap="2" borderWidth="1px" borderRadius="md" p="4">
      <Flex align="center" gap="2">
        <Heading as="h2" size="sm" id="past-sla-title" flex="1">
          Open cases past their SLA
        </Heading>
        <Badge
          colorPalette={count ? 'red' : 'gray'}
          variant={count ? 'solid' : 'subtle'}
          data-testid="past-sla-count"
        >
          {count ?? '…'}
        </Badge>
        <ChakraLink asChild fontSize="sm">
          <Link to={allHref}>All cases</Link>
        </ChakraLink>
      </Flex>
      {query.isError && <Text color="fg.error">The cases could not be loaded: {query.error.message}</Text>}
      {query.data?.cases.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          Every open case is within its SLA.
        </Text>
      )}
      <Stack as="ol" gap="2" listStyleType="none" ps="0">
        {query.data?.cases.map((row) => (
          <li key={row.id}>
            <Flex gap="2" align="baseline" wrap="wrap">
              <SeverityBadge severity={row.severity} />
              <ChakraLink asChild fontSize="sm" flex="1" minWidth="10rem">
                <Link to={hrefFor(row.id)}>
                  <InertText value={row.title} />
                </Link>
              </ChakraLink>
              <Text fontSize="xs" color="fg.muted">
                {row.status === 'new' && row.respond_by && Date.parse(row.respond_by) < query.data.at
                  ? `Not taken up since ${formatDateTime(row.respond_by)}`
                  : `Due ${formatDateTime(row.due_at)}`}
              </Text>
            </Flex>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** The newest known exploited vulnerabilities, each opening its CVE. */
import { Badge, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { LatestKevRow } from '@/features/dashboard/api/get-latest-kev';

interface LatestKevListProps {
  rows: readonly LatestKevRow[];
  hrefFor: (cveId: string) => string;
  allHref: string;
}

export function LatestKevList({ rows, hrefFor, allHref }: LatestKevListProps) {
  return (
    <Stack as="section" aria-labelledby="latest-kev-title" gap="2" borderWidth="1px" borderRadius="md" p="4">
      <Flex align="center">
        <Heading as="h2" size="sm" id="latest-kev-title" flex="1">
          Latest KEV entries
        </Heading>
        <ChakraLink asChild fontSize="sm">
          <Link to={allHref}>All</Link>
        </ChakraLink>
      </Flex>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No KEV entry yet: import CISA's catalogue.
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" ps="0">
          {rows.map((row) => (
            <li key={row.cve_id}>
              <Flex gap="2" align="baseline" wrap="wrap">
                <ChakraLink asChild fontFamily="mono" fontSize="sm">
                  <Link to={hrefFor(row.cve_id)}>{row.cve_id}</Link>
                </ChakraLink>
                <Text fontSize="sm" flex="1" minWidth="10rem">
                  <InertText
                    value={`${row.kev_vendor ?? ''} ${row.kev_product ?? ''}`.trim()}
                    defangLinks={false}
                  />
                </Text>
                {row.kev_ransomware_use === 'Known' && (
                  <Badge colorPalette="red" size="sm">
                    Ransomware
                  </Badge>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {formatDate(row.kev_date_added)}
                </Text>
              </Flex>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

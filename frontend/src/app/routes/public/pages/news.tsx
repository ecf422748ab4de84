/** /news: the latest KEV additions and TLP:CLEAR intelligence, straight from the knowledge base. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { IntelHighlightsList } from '@/features/public-site/components/intel-highlights-list';
import { KevAdditionsList } from '@/features/public-site/components/kev-additions-list';

export function NewsBody() {
  return (
    <Stack gap="10">
      <Text fontSize="lg">
        What changed in this installation&apos;s knowledge base. Only public data appears here: CISA&apos;s
        catalogue and intelligence marked TLP:CLEAR; everything else stays behind sign-in.
      </Text>
      <Stack as="section" gap="4" aria-labelledby="kev-heading">
        <Heading as="h2" size="lg" id="kev-heading">
          Latest known exploited vulnerabilities
        </Heading>
        <KevAdditionsList />
      </Stack>
      <Stack as="section" gap="4" aria-labelledby="highlights-heading">
        <Heading as="h2" size="lg" id="highlights-heading">
          TLP:CLEAR intelligence highlights
        </Heading>
        <IntelHighlightsList />
      </Stack>
    </Stack>
  );
}

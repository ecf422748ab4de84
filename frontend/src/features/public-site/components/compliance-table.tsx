/** OWASP ASVS chapters with the platform's controls and the test files that prove each. */
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { WrappingCode } from '@/components/ui/wrapping-code';
import { publicPaths } from '@/config/paths';
import { ASVS_VERSION, asvsChapters } from '@/features/public-site/compliance/asvs-controls';

const ASVS_URL = `https://github.com/OWASP/ASVS/tree/v${ASVS_VERSION}/4.0/en`;

export function ComplianceTable() {
  return (
    <Stack gap="6">
      <Text>
        Controls mapped to the{' '}
        <Link href={ASVS_URL} target="_blank" rel="noopener noreferrer" colorPalette="blue">
          OWASP Application Security Verification Standard {ASVS_VERSION}
        </Link>
        . Each control names the automated tests in this platform&apos;s repository that prove it; they run on
        every release, and the{' '}
        <Link asChild colorPalette="blue">
          <RouterLink to={publicPaths.securityReport}>security report</RouterLink>
        </Link>{' '}
        shows the latest results of the hardening suite.
      </Text>
      {asvsChapters.map((chapter) => (
        <Stack as="section" key={chapter.id} gap="3" aria-labelledby={`asvs-${chapter.id}`}>
          <Heading as="h2" size="lg" id={`asvs-${chapter.id}`}>
            {chapter.id} {chapter.title}
          </Heading>
          {chapter.controls.map((control) => (
            <Box key={control.control} borderWidth="1px" borderRadius="md" p="4">
              <Text mb="2">{control.control}</Text>
              <Text fontSize="sm" color="fg.muted">
                Proved by:
              </Text>
              <Box as="ul" ps="5" listStyleType="disc" fontSize="sm">
                {control.tests.map((test) => (
                  <Box as="li" key={test}>
                    <WrappingCode>{test}</WrappingCode>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

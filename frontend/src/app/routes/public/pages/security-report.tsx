/** /security-report: the summary of the latest hardening-suite run, committed as a small JSON file. */
import { Text, Stack } from '@chakra-ui/react';
import { SecurityReportSummary } from '@/features/public-site/components/security-report-summary';
import summary from '@/features/public-site/security-report/summary.json';
import type { SecuritySummary } from '@/features/public-site/security-report/summarise';

export function SecurityReportBody() {
  return (
    <Stack gap="6">
      <Text fontSize="lg">
        Every release runs a hardening suite against a live installation: the API as every role, and the web
        app in a real browser. This is the summary of its latest run.
      </Text>
      <SecurityReportSummary summary={summary as SecuritySummary} />
    </Stack>
  );
}

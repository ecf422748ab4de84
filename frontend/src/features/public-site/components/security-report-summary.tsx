/** The latest hardening-suite run: result, date, and what each category checks with its counts. */
import { Badge, Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import { categoryExplanations } from '@/features/public-site/security-report/categories';
import type { SecuritySummary } from '@/features/public-site/security-report/summarise';

export function SecurityReportSummary({ summary }: { summary: SecuritySummary }) {
  const { totals, findings } = summary;
  const findingCount = findings.high + findings.medium + findings.low;
  return (
    <Stack gap="6">
      <Box borderWidth="1px" borderRadius="md" p="4">
        <Stack gap="2">
          <Text>
            Latest run: <strong>{formatDateTime(summary.generatedAt)}</strong>{' '}
            <Badge colorPalette={summary.result === 'pass' ? 'green' : 'red'}>
              {summary.result === 'pass' ? 'All checks passed' : 'Some checks failed'}
            </Badge>
          </Text>
          <Text data-testid="security-totals">
            {formatInteger(totals.passed)} passed, {formatInteger(totals.failed)} failed,{' '}
            {formatInteger(totals.skipped)} skipped,{' '}
            {formatInteger(totals.passed + totals.failed + totals.skipped)} checks.
          </Text>
          <Text>
            {findingCount === 0
              ? 'No findings (weaknesses observed by a check) were recorded.'
              : `Findings recorded: ${findings.high} high, ${findings.medium} medium, ${findings.low} low; they are tracked by the operators.`}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            XSS payload corpus: {formatInteger(summary.payloadCorpusSize)} known payloads
            {summary.accessMatrixCells !== null &&
              `; access matrix: ${formatInteger(summary.accessMatrixCells)} role and operation cells`}
            .
          </Text>
        </Stack>
      </Box>
      <Stack gap="3">
        <Heading as="h2" size="lg">
          Results by category
        </Heading>
        {/* Focusable, so keyboard users can scroll it on narrow screens. */}
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="region"
          aria-label="Checks by category"
        >
          <Table.Root size="sm">
            <Table.Caption srOnly>Checks passed, failed and skipped per category</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Category and what it checks</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Passed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Failed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Skipped</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {summary.categories.map((category) => (
                <Table.Row key={category.name}>
                  <Table.Cell>
                    <Text fontWeight="medium">{category.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {categoryExplanations[category.name] ?? ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatInteger(category.passed)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatInteger(category.failed)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatInteger(category.skipped)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </Stack>
  );
}

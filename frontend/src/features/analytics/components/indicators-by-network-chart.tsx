/**
 * Where the known addresses are: the countries and autonomous systems holding the most address
 * indicators, from the offline AS and country database (issue 30 §1). Counted now, not per period.
 */
import { Button, Flex, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { countryLabel, ORIGIN_ATTRIBUTION } from '@/lib/intel/network-origin';
import { inertString } from '@/lib/security/inert-text';
import { TOP_NETWORKS, useIndicatorsByNetwork } from '@/features/analytics/api/get-indicators-by-network';
import { downloadChartCsv } from '@/features/analytics/utils/chart-csv';

const TITLE = 'Address indicators by country and AS';

export function IndicatorsByNetworkChart() {
  const query = useIndicatorsByNetwork();
  const rows = (query.data ?? []).map((row) => ({
    ...row,
    // AS names come from outside: shown as text, never markup.
    label: row.dimension === 'country' ? countryLabel(row.key) : inertString(row.label, { defang: false }),
  }));
  const countries = rows.filter((row) => row.dimension === 'country');
  const systems = rows.filter((row) => row.dimension === 'asn');
  const table = {
    columns: ['Country or AS', 'Address indicators'],
    rows: rows.map((row) => [row.label, Number(row.indicators)]),
  };
  return (
    <ChartFrame
      title={TITLE}
      summary={`The ${TOP_NETWORKS} countries and autonomous systems holding the most IP address indicators you may read.`}
      table={table}
      action={
        <Button
          size="xs"
          variant="outline"
          disabled={rows.length === 0}
          aria-label={`Download ${TITLE} as CSV`}
          onClick={() => void downloadChartCsv(TITLE, 'now', table)}
        >
          CSV
        </Button>
      }
    >
      {query.error ? (
        <Flex role="alert" direction="column" align="center" gap="2" py="6">
          <Text textAlign="center">
            {TITLE} could not be loaded: {query.error.message}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Flex>
      ) : query.isPending ? (
        <Flex justify="center" py="6" role="status" aria-label={`Loading ${TITLE}`}>
          <Spinner size="sm" />
        </Flex>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No IP address indicator has a known country or AS yet.
        </Text>
      ) : (
        <Stack gap="2">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                Countries
              </Text>
              <HorizontalBars
                data={countries.map((row) => ({ label: row.label, value: Number(row.indicators) }))}
              />
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                Autonomous systems
              </Text>
              <HorizontalBars
                data={systems.map((row) => ({ label: row.label, value: Number(row.indicators) }))}
              />
            </Stack>
          </SimpleGrid>
          <Text fontSize="xs" color="fg.muted">
            {ORIGIN_ATTRIBUTION.text}
          </Text>
        </Stack>
      )}
    </ChartFrame>
  );
}

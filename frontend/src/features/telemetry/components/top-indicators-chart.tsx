/** The indicators sensors saw most, each opening in IOC Intelligence. */
import { Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { ChartFrame } from '@/components/charts/chart-frame';
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { TlpBadge, tlpLabel } from '@/components/intel/tlp-badge';
import { formatInteger } from '@/lib/format/format';
import { TYPE_NAMES, type IndicatorType } from '@/lib/intel/indicator-input';
import { inertString } from '@/lib/security/inert-text';
import type { TopIndicator } from '@/features/telemetry/utils/top-indicators';

interface TopIndicatorsChartProps {
  rows: readonly TopIndicator[];
  error: string | undefined;
  hrefFor: (indicatorId: number) => string;
}

const typeName = (type: string) => TYPE_NAMES[type as IndicatorType] ?? type;

export function TopIndicatorsChart({ rows, error, hrefFor }: TopIndicatorsChartProps) {
  // Defanged, as indicators always are on screen; the chart draws text, never markup.
  const data = rows.map((row) => ({ label: inertString(row.value), value: row.count }));
  return (
    <ChartFrame
      title="Top matched indicators"
      summary={`The ${rows.length} indicators seen in the most events.`}
      table={{
        columns: ['Indicator', 'Type', 'TLP', 'Events', 'Sensors'],
        rows: rows.map((row, index) => [
          data[index]!.label,
          typeName(row.type),
          tlpLabel(row.tlp),
          row.count,
          inertString(row.sensors.join(', '), { defang: false }),
        ]),
      }}
    >
      {error ? (
        <Text role="alert" py="6" textAlign="center">
          The top indicators could not be loaded: {error}
        </Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No indicator has been seen by a sensor yet.
        </Text>
      ) : (
        <Stack gap="3">
          <HorizontalBars data={data} />
          <Stack
            as="ol"
            gap="1"
            ps="0"
            listStyleType="none"
            fontSize="sm"
            aria-label="Top matched indicators"
          >
            {rows.map((row, index) => (
              <Flex as="li" key={row.id} gap="2" align="center" minWidth="0">
                <Text as="span" color="fg.muted" width="5" textAlign="end" flexShrink={0}>
                  {index + 1}.
                </Text>
                <Flex flex="1" minWidth="0">
                  <IndicatorValue value={row.value} singleLine />
                </Flex>
                <TlpBadge tlp={row.tlp} />
                <Text as="span" fontVariantNumeric="tabular-nums" flexShrink={0}>
                  {formatInteger(row.count)}
                </Text>
                <ChakraLink asChild flexShrink={0}>
                  <Link to={hrefFor(row.id)} aria-label={`Open ${data[index]!.label} in IOC Intelligence`}>
                    Open
                  </Link>
                </ChakraLink>
              </Flex>
            ))}
          </Stack>
        </Stack>
      )}
    </ChartFrame>
  );
}

/**
 * The indicator's score over time: the curve from its first report to the day it reaches 0, a dashed
 * line at its type's decayed threshold, and a marker for each report, sighting, false positive, expiry,
 * revocation and "now". Screen readers get the summary and the events as a list.
 */
import { Box, Flex, Heading, Stack, Text, useToken } from '@chakra-ui/react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { useId } from 'react';
import { formatDate, formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  decaySummary,
  EVENT_NAMES,
  type DecaySeries,
  type ScoreEventKind,
} from '@/features/indicators/utils/decay-series';
import { EventMarker } from './event-marker';

const WIDTH = 480;
const HEIGHT = 170;
const MARGIN = { top: 14, right: 26, bottom: 24, left: 30 };
// A style, not the attribute: Chakra's preflight (`* { font: inherit }`) outranks SVG presentation attributes.
const AXIS_TEXT_STYLE = { fontSize: 10 } as const;
const DAY_MS = 86_400_000;

interface DecayChartProps {
  series: DecaySeries;
  threshold: number;
}

const shortDate = (span: number) =>
  new Intl.DateTimeFormat(
    'en',
    span > 120 * DAY_MS ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' },
  );

export function DecayChart({ series, threshold }: DecayChartProps) {
  const titleId = useId();
  const descId = useId();
  const [lineColor, axisColor, thresholdColor, nowColor] = useToken('colors', [
    'blue.fg',
    'fg.muted',
    'status.degraded',
    'fg',
  ]);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleTime({
    domain: [series.start, Math.max(series.end, series.start + DAY_MS)],
    range: [0, innerWidth],
  });
  const y = scaleLinear({ domain: [0, 100], range: [innerHeight, 0] });
  const tick = shortDate(series.end - series.start);
  const summary = decaySummary(series, threshold, (at) => formatDate(new Date(at).toISOString()) ?? '');
  const kinds = [...new Set(series.events.map((event) => event.kind))] as ScoreEventKind[];

  return (
    <Stack as="section" aria-labelledby={titleId} gap="2" borderWidth="1px" borderRadius="md" p="3">
      <Heading as="h3" size="sm" id={titleId}>
        Score over time
      </Heading>
      <Text fontSize="sm" color="fg.muted" id={descId}>
        {summary}
      </Text>
      <svg
        width="100%"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title>Score over time</title>
        <desc>{summary}</desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <Line
            from={{ x: 0, y: y(threshold) }}
            to={{ x: innerWidth, y: y(threshold) }}
            stroke={thresholdColor}
            strokeDasharray="5 4"
            strokeWidth={1.5}
          />
          <text
            x={innerWidth}
            y={y(threshold) - 4}
            textAnchor="end"
            fill={thresholdColor}
            style={AXIS_TEXT_STYLE}
          >
            decayed below {threshold}
          </text>
          <LinePath
            data={series.points}
            x={(point) => x(point.at)}
            y={(point) => y(point.score)}
            stroke={lineColor}
            strokeWidth={2}
          />
          {series.now && (
            <>
              <Line
                from={{ x: x(series.now.at), y: 0 }}
                to={{ x: x(series.now.at), y: innerHeight }}
                stroke={nowColor}
                strokeDasharray="2 3"
              />
              <text x={x(series.now.at)} y={-4} textAnchor="middle" fill={nowColor} style={AXIS_TEXT_STYLE}>
                now
              </text>
            </>
          )}
          {series.events
            .filter((event) => event.kind !== 'now')
            .map((event, index) => (
              <EventMarker key={index} kind={event.kind} cx={x(event.at)} cy={y(event.score)} />
            ))}
          <AxisLeft
            scale={y}
            tickValues={[0, 50, 100]}
            stroke={axisColor}
            tickStroke={axisColor}
            tickLabelProps={{ fill: axisColor, fontSize: 10, style: AXIS_TEXT_STYLE }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            numTicks={4}
            tickFormat={(value) => tick.format(value as Date)}
            stroke={axisColor}
            tickStroke={axisColor}
            tickLabelProps={{ fill: axisColor, fontSize: 10, style: AXIS_TEXT_STYLE }}
          />
        </Group>
      </svg>
      <Flex as="ul" gap="3" wrap="wrap" listStyleType="none" ps="0" fontSize="xs" aria-hidden="true">
        {kinds
          .filter((kind) => kind !== 'now')
          .map((kind) => (
            <Flex as="li" key={kind} gap="1" align="center">
              <svg width="12" height="12" viewBox="-6 -6 12 12">
                <EventMarker kind={kind} cx={0} cy={0} />
              </svg>
              {EVENT_NAMES[kind]}
            </Flex>
          ))}
      </Flex>
      <Box as="ol" srOnly aria-label="Events that moved the score">
        {series.events.map((event, index) => (
          <li key={index}>
            {formatDateTime(new Date(event.at).toISOString())}:{' '}
            <InertText value={event.label} defangLinks={false} />, score {event.score}
          </li>
        ))}
      </Box>
    </Stack>
  );
}

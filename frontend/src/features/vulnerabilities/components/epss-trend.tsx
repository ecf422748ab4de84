/** An EPSS score with where it is heading: ▲ rising, ▼ falling since the previous score. */
import { Flex, Text } from '@chakra-ui/react';
import { formatPercent } from '@/lib/format/format';

/** Changes smaller than this are noise in the daily model. */
const STEADY = 0.001;

export function EpssTrend({ score, previous }: { score: number | null; previous: number | null }) {
  if (score == null)
    return (
      <Text as="span" color="fg.muted">
        —
      </Text>
    );
  const delta = previous == null ? null : score - previous;
  const rising = delta !== null && delta > STEADY;
  const falling = delta !== null && delta < -STEADY;
  return (
    <Flex as="span" gap="1" align="baseline" justify="flex-end">
      <Text as="span">{formatPercent(score)}</Text>
      {(rising || falling) && (
        <Text
          as="span"
          fontSize="xs"
          color={rising ? 'severity.high' : 'status.healthy'}
          title={`Previous score ${formatPercent(previous)}`}
        >
          {rising ? '▲' : '▼'}
          <Text as="span" srOnly>
            {rising ? 'rising from' : 'falling from'} {formatPercent(previous)}
          </Text>
        </Text>
      )}
    </Flex>
  );
}

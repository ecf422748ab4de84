/** The drawer's decay chart, once the score history and the type's threshold are in. */
import { Spinner, Text } from '@chakra-ui/react';
import type { IndicatorType } from '@/lib/intel/indicator-input';
import { useDecayThreshold } from '@/features/indicators/api/get-decay-threshold';
import { useIndicatorScoreHistory } from '@/features/indicators/api/get-indicator-score-history';
import { decaySeries } from '@/features/indicators/utils/decay-series';
import { DecayChart } from './decay-chart';

export function IndicatorDecay({ id, type }: { id: number; type: IndicatorType }) {
  const history = useIndicatorScoreHistory(id);
  const threshold = useDecayThreshold(type);
  if (history.isError || threshold.isError)
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The score history could not be loaded: {(history.error ?? threshold.error)?.message}
      </Text>
    );
  if (history.isPending || threshold.isPending)
    return <Spinner size="sm" aria-label="Loading the score history" />;
  const series = decaySeries(history.data);
  if (!series)
    return (
      <Text fontSize="sm" color="fg.muted">
        No score history: nothing you may read has reported or seen this value.
      </Text>
    );
  return <DecayChart series={series} threshold={threshold.data} />;
}

/**
 * The indicator an alert is about, as its evidence recorded it (`metadata.evidence.type/value`, written
 * by the matching engine); null when the alert has no indicator or the evidence does not say.
 */
import { INDICATOR_TYPES, type IndicatorType } from '@/lib/intel/indicator-input';

export interface AlertIndicator {
  type: IndicatorType;
  value: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function alertIndicator(alert: {
  indicator_id: number | null;
  metadata: unknown;
}): AlertIndicator | null {
  if (alert.indicator_id === null || !isRecord(alert.metadata)) return null;
  const evidence = alert.metadata.evidence;
  if (!isRecord(evidence)) return null;
  const { type, value } = evidence;
  if (typeof value !== 'string' || !value || !(INDICATOR_TYPES as readonly unknown[]).includes(type))
    return null;
  return { type: type as IndicatorType, value };
}

/** Indicators first seen per day, week or month, stacked by type. */
import { ChartLegend } from '@/components/charts/chart-legend';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { useIndicatorsByType } from '@/features/analytics/api/get-indicators-by-type';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import {
  bucketTable,
  perUnit,
  periodPhrase,
  seriesTotal,
  toColumns,
} from '@/features/analytics/utils/buckets';
import { formatInteger } from '@/lib/format/format';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'Indicators by type';
const TYPES = [
  { key: 'ipv4', label: 'IPv4', colorToken: 'blue.500' },
  { key: 'ipv6', label: 'IPv6', colorToken: 'cyan.600' },
  { key: 'domain', label: 'Domain', colorToken: 'teal.400' },
  { key: 'url', label: 'URL', colorToken: 'purple.400' },
  { key: 'email', label: 'E-mail', colorToken: 'pink.400' },
  { key: 'md5', label: 'MD5', colorToken: 'orange.300' },
  { key: 'sha1', label: 'SHA-1', colorToken: 'orange.500' },
  { key: 'sha256', label: 'SHA-256', colorToken: 'yellow.500' },
  { key: 'sha512', label: 'SHA-512', colorToken: 'gray.400' },
  { key: 'ipv4-cidr', label: 'IPv4 range', colorToken: 'blue.300' },
  { key: 'ipv6-cidr', label: 'IPv6 range', colorToken: 'cyan.300' },
  { key: 'asn', label: 'ASN', colorToken: 'green.500' },
  { key: 'ja3', label: 'JA3', colorToken: 'red.300' },
  { key: 'ja3s', label: 'JA3S', colorToken: 'red.500' },
  { key: 'ja4', label: 'JA4', colorToken: 'red.700' },
  { key: 'user-agent', label: 'User agent', colorToken: 'purple.600' },
  { key: 'filename', label: 'File name', colorToken: 'yellow.700' },
  { key: 'mutex', label: 'Mutex', colorToken: 'teal.700' },
  { key: 'registry-key', label: 'Registry key', colorToken: 'pink.600' },
  { key: 'email-subject', label: 'E-mail subject', colorToken: 'gray.600' },
] as const;

export function IndicatorsByTypeChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useIndicatorsByType(period);
  const buckets = toColumns(
    query.data ?? [],
    (row) => row.type,
    (row) => row.indicators,
  );
  const { unit, columns } = buckets;
  const series = TYPES.filter((type) => seriesTotal(columns, type.key) > 0);
  const total = series.reduce((sum, type) => sum + seriesTotal(columns, type.key), 0);
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`${formatInteger(total)} indicators first seen ${periodPhrase(period)}, ${perUnit(unit)} by type.`}
      // The types with indicators in the period: twenty columns of zeros would hide the few that count.
      table={bucketTable(buckets, series, true)}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={total === 0}
      emptyMessage={`No indicator was first seen ${periodPhrase(period)}.`}
    >
      <StackedColumns data={columns} series={series} />
      <ChartLegend items={series} />
    </AnalyticsChart>
  );
}

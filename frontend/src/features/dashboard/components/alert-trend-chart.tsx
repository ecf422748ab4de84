/** Alerts raised per day over two weeks, stacked by severity, with its table. */
import { Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartLegend } from '@/components/charts/chart-legend';
import { SEVERITY_SERIES } from '@/components/charts/severity-series';
import { StackedColumns } from '@/components/charts/stacked-columns';
import type { AlertTrendRow } from '@/features/dashboard/api/get-alert-trend';

export function alertTrendByDay(rows: readonly AlertTrendRow[]) {
  const days = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const day = days.get(row.day) ?? {};
    day[row.severity] = (day[row.severity] ?? 0) + Number(row.raised);
    days.set(row.day, day);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, values]) => ({ day, values }));
}

export function AlertTrendChart({ rows, days }: { rows: readonly AlertTrendRow[]; days: number }) {
  const byDay = alertTrendByDay(rows);
  const total = byDay.reduce((sum, day) => sum + Object.values(day.values).reduce((a, b) => a + b, 0), 0);
  return (
    <ChartFrame
      title={`Alerts raised, last ${days} days`}
      summary={`${total} alerts raised in ${days} days, by day and severity.`}
      table={{
        columns: ['Day', ...SEVERITY_SERIES.map((item) => item.label)],
        rows: byDay.map((day) => [day.day, ...SEVERITY_SERIES.map((item) => day.values[item.key] ?? 0)]),
      }}
    >
      {total === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No alert was raised in the last {days} days.
        </Text>
      ) : (
        <>
          <StackedColumns
            data={byDay.map((day) => ({ label: day.day.slice(5), values: day.values }))}
            series={SEVERITY_SERIES}
          />
          <ChartLegend items={SEVERITY_SERIES} />
        </>
      )}
    </ChartFrame>
  );
}

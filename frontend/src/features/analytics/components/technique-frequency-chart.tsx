/** The ATT&CK techniques the most actors use, from `uses` relationships; the table adds the software. */
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { TOP_TECHNIQUES, useTechniqueFrequency } from '@/features/analytics/api/get-technique-frequency';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { periodPhrase } from '@/features/analytics/utils/buckets';
import { inertString } from '@/lib/security/inert-text';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'Technique frequency across actors';

export function TechniqueFrequencyChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useTechniqueFrequency(period);
  const rows = (query.data ?? []).map((row) => ({
    ...row,
    label: inertString(row.attack_id ? `${row.attack_id} ${row.name}` : row.name, { defang: false }),
  }));
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`The ${rows.length} ATT&CK techniques (at most ${TOP_TECHNIQUES}) used by the most intrusion sets and threat actors, by links made ${periodPhrase(period)}.`}
      table={{
        columns: ['Technique', 'Actors', 'Malware and tools'],
        rows: rows.map((row) => [row.label, row.actors, row.software]),
      }}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={rows.length === 0}
      emptyMessage={`No actor was linked to a technique ${periodPhrase(period)}.`}
    >
      <HorizontalBars data={rows.map((row) => ({ label: row.label, value: row.actors }))} />
    </AnalyticsChart>
  );
}

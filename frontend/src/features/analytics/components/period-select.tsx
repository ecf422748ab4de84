/** The period picker every analytics chart carries, named after its chart for screen readers. */
import { FilterSelect } from '@/components/ui/filter-select';
import { PERIOD_LABELS, PERIODS, type Period } from '@/features/analytics/schemas/analytics-filters';

export function PeriodSelect({
  chart,
  value,
  onChange,
}: {
  chart: string;
  value: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <FilterSelect label={`${chart}: period`} value={value} onChange={(next) => onChange(next as Period)}>
      {PERIODS.map((period) => (
        <option key={period} value={period}>
          {PERIOD_LABELS[period]}
        </option>
      ))}
    </FilterSelect>
  );
}

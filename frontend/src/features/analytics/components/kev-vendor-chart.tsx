/** The vendors with the most KEV additions in the period. */
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { TOP_VENDORS, useKevByVendor } from '@/features/analytics/api/get-kev-by-vendor';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { periodPhrase } from '@/features/analytics/utils/buckets';
import { inertString } from '@/lib/security/inert-text';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'KEV additions by vendor';

export function KevVendorChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useKevByVendor(period);
  const rows = (query.data ?? []).map((row) => ({
    ...row,
    vendor: inertString(row.vendor, { defang: false }),
  }));
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`The ${rows.length} vendors (at most ${TOP_VENDORS}) with the most vulnerabilities added to the KEV catalogue ${periodPhrase(period)}.`}
      table={{
        columns: ['Vendor', 'Added', 'Known ransomware use'],
        rows: rows.map((row) => [row.vendor, row.additions, row.ransomware]),
      }}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={rows.length === 0}
      emptyMessage={`No vulnerability was added to the KEV catalogue ${periodPhrase(period)}.`}
    >
      <HorizontalBars data={rows.map((row) => ({ label: row.vendor, value: row.additions }))} />
    </AnalyticsChart>
  );
}

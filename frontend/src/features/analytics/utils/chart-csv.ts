/** A chart's table as a CSV file, through the shared exporter (formula cells neutralised). */
import type { ChartTable } from '@/components/charts/chart-frame';
import { downloadText, rowsToCsv } from '@/components/data-table/csv-export';
import type { DataTableColumn } from '@/components/data-table/types';

type Row = ChartTable['rows'][number];

export function chartTableToCsv(table: ChartTable): Promise<string> {
  const columns: DataTableColumn<Row>[] = table.columns.map((header, index) => ({
    id: String(index),
    header,
    width: 'auto',
    cell: (row) => row[index],
    csv: (row) => row[index],
  }));
  return rowsToCsv(columns, table.rows);
}

/** threat-analytics-indicators-by-type-90d.csv */
export function csvFileName(title: string, period: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `threat-analytics-${slug}-${period}.csv`;
}

export async function downloadChartCsv(title: string, period: string, table: ChartTable): Promise<void> {
  downloadText(csvFileName(title, period), await chartTableToCsv(table));
}

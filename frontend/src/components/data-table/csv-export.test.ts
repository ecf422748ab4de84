import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './csv-export';
import type { DataTableColumn } from './types';

interface Row {
  value: string;
  confidence: number | null;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'value', header: 'Value', width: '1fr', cell: (row) => row.value, csv: (row) => row.value },
  {
    id: 'confidence',
    header: 'Confidence',
    width: '1fr',
    cell: (row) => row.confidence,
    csv: (row) => row.confidence,
  },
  { id: 'shown-only', header: 'Shown only', width: '1fr', cell: () => 'x' },
];

describe('CSV export', () => {
  it('neutralises every formula trigger a hostile value can start with', async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","x")',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
    ];
    const csv = await rowsToCsv(
      columns,
      hostile.map((value) => ({ value, confidence: 50 })),
    );
    const parsed = Papa.parse<string[]>(csv.trim(), { newline: '\r\n' }).data;
    expect(parsed[0]).toEqual(['Value', 'Confidence']);
    for (const [index, value] of hostile.entries()) expect(parsed[index + 1]![0]).toBe(`'${value}`);
  });

  it('quotes commas, quotes and line breaks, and writes null as empty', async () => {
    const csv = await rowsToCsv(columns, [{ value: 'a,"b"\nc', confidence: null }]);
    expect(csv).toBe('Value,Confidence\r\n"a,""b""\nc",');
  });
});

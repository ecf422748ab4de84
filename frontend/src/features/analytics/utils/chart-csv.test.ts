import { describe, expect, it } from 'vitest';
import { chartTableToCsv, csvFileName } from './chart-csv';

describe('chart CSV', () => {
  it('writes the table as shown, with formula cells neutralised', async () => {
    const csv = await chartTableToCsv({
      columns: ['Vendor', 'Added'],
      rows: [
        ['Acme, Inc.', 3],
        ["=cmd|' /C calc'!A0", 1],
      ],
    });
    expect(csv.split('\r\n')).toEqual(['Vendor,Added', '"Acme, Inc.",3', `"'=cmd|' /C calc'!A0",1`]);
  });

  it('names the file after the chart and its period', () => {
    expect(csvFileName('KEV additions by vendor', '1y')).toBe(
      'threat-analytics-kev-additions-by-vendor-1y.csv',
    );
    expect(csvFileName('Time to acknowledge and resolve', 'all')).toBe(
      'threat-analytics-time-to-acknowledge-and-resolve-all.csv',
    );
  });
});

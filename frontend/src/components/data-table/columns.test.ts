import { describe, expect, it } from 'vitest';
import { countColumn } from './columns';

describe('countColumn', () => {
  const column = countColumn<{ n: number | null }>('n', 'Records', '6rem', (row) => row.n);

  it('groups digits on screen and exports the bare number', () => {
    expect(column.align).toBe('end');
    expect(column.cell({ n: 1234567 })).toBe(new Intl.NumberFormat().format(1234567));
    expect(column.csv!({ n: 1234567 })).toBe(1234567);
  });

  it('leaves an unknown count blank, not 0', () => {
    expect(column.cell({ n: null })).toBe('');
    expect(column.csv!({ n: null })).toBe(null);
  });
});

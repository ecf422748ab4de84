import { describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '@/config/constants';
import { filterArguments } from '@/features/indicators/api/filter-arguments';
import { readUrlState } from '@/lib/url-state';
import { InputRefused } from '@/lib/search-text';
import { indicatorFiltersSchema, resultFilters } from './indicator-filters';

const read = (query: string) => readUrlState(indicatorFiltersSchema, new URLSearchParams(query));

describe('IOC filters from the URL', () => {
  it('keep a 600-character search, which is refused before the server rather than dropped', () => {
    const long = 'a'.repeat(600);
    const filters = read(`q=${long}`);
    expect(filters.q).toBe(long);
    expect(() => filterArguments(resultFilters(filters))).toThrow(InputRefused);
    expect(() => filterArguments(resultFilters(filters))).toThrow(
      `Search is limited to ${SEARCH_LIMITS.indicators} characters`,
    );
  });

  it('search refanged text up to the limit', () => {
    expect(filterArguments(resultFilters(read('q=hxxp://evil[.]com')))._value).toBe('http://evil.com');
  });

  it('take only a STIX id as the malware filter', () => {
    expect(read('malware=garbage').malware).toBeUndefined();
    const id = 'malware--6b616fc1-1505-48e3-8b2c-0d19337bff38';
    expect(read(`malware=${id}`).malware).toBe(id);
  });
});

describe('IOC filters: the score', () => {
  it('sort by score and keep a minimum score, sent to the server as _min_score', () => {
    const filters = read('sort=score&minScore=60');
    expect(filters.sort).toBe('score');
    expect(filterArguments(resultFilters(filters))._min_score).toBe(60);
  });

  it('drop a minimum score outside 0-100 instead of sending it', () => {
    expect(read('minScore=150').minScore).toBeUndefined();
    expect(filterArguments(resultFilters(read('minScore=abc')))._min_score).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlState } from './url-state';
import {
  checkedSearchText,
  InputRefused,
  isInputRefused,
  searchTextParam,
  searchTextProblem,
} from './search-text';

describe('search text', () => {
  it('is read from the URL verbatim at any length: never reset to an empty filter', () => {
    const schema = z.object({ q: searchTextParam() });
    const long = 'a'.repeat(5_000);
    expect(readUrlState(schema, new URLSearchParams({ q: long })).q).toBe(long);
    expect(readUrlState(schema, new URLSearchParams({ q: '<script>alert(1)</script>' })).q).toBe(
      '<script>alert(1)</script>',
    );
    expect(readUrlState(schema, new URLSearchParams()).q).toBe('');
  });

  it('is refused past its limit with a message naming the limit', () => {
    expect(searchTextProblem('a'.repeat(500), 500)).toBeNull();
    expect(searchTextProblem('a'.repeat(5_000), 500)).toBe(
      'Search is limited to 500 characters; this one has 5,000. Shorten it to search.',
    );
    expect(checkedSearchText('evil.com', 500)).toBe('evil.com');
    expect(() => checkedSearchText('a'.repeat(201), 200)).toThrow(InputRefused);
    expect(isInputRefused(new Error('timeout'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PER_PAGE, paginationLinks, parsePagination } from './pagination.js';

describe('parsePagination', () => {
  it('defaults to the first page of 50', () => {
    expect(parsePagination(new URLSearchParams())).toEqual({ page: 1, perPage: DEFAULT_PER_PAGE });
  });

  it('reads page and per_page', () => {
    expect(parsePagination(new URLSearchParams('page=3&per_page=10'))).toEqual({ page: 3, perPage: 10 });
  });

  it('explains unusable values the way Go does', () => {
    expect(parsePagination(new URLSearchParams('page=-1'))).toBe(
      'strconv.ParseUint: parsing "-1": invalid syntax',
    );
    expect(parsePagination(new URLSearchParams('per_page=x'))).toBe(
      'strconv.ParseUint: parsing "x": invalid syntax',
    );
  });
});

describe('paginationLinks', () => {
  it('has next and last while pages remain', () => {
    expect(
      paginationLinks('/admin/users', new URLSearchParams('per_page=2&page=1'), { page: 1, perPage: 2 }, 5),
    ).toBe('</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=3&per_page=2>; rel="last"');
  });

  it('has only last on the last page', () => {
    expect(paginationLinks('/admin/users', new URLSearchParams(), { page: 3, perPage: 2 }, 5)).toBe(
      '</admin/users?page=3>; rel="last"',
    );
  });
});

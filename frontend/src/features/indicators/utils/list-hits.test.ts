import { describe, expect, it } from 'vitest';
import { listHitBadges, listHitLines } from './list-hits';

describe('listHitBadges', () => {
  it('shows nothing for a value no list holds, or before the lists are read', () => {
    expect(listHitBadges(undefined)).toEqual([]);
    expect(listHitBadges({ warninglists: [], exclusions: [] })).toEqual([]);
  });

  it('names the lists, exclusions first', () => {
    expect(
      listHitBadges({
        warninglists: ['List of known IPv4 public DNS resolvers'],
        exclusions: ['Local exclusions', 'Partners', 'Own ranges'],
      }),
    ).toEqual([
      { label: 'Excluded', detail: 'On exclusion lists Local exclusions, Partners and Own ranges' },
      { label: 'Warninglist', detail: 'On warninglist List of known IPv4 public DNS resolvers' },
    ]);
  });
});

describe('listHitLines', () => {
  it('gives one line per list', () => {
    expect(listHitLines({ warninglists: ['A', 'B'], exclusions: ['Local exclusions'] })).toEqual([
      'On exclusion list Local exclusions',
      'On warninglist A',
      'On warninglist B',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { describeChange } from './change-text';
import { allowedRelationshipTypes, levelsUpTo, parseAliases } from './authoring';

const rules = [
  { source_type: 'intrusion-set', relationship_type: 'uses', target_type: 'malware' },
  { source_type: 'malware', relationship_type: 'authored-by', target_type: 'intrusion-set' },
  { source_type: 'malware', relationship_type: 'variant-of', target_type: 'malware' },
];

describe('allowedRelationshipTypes', () => {
  it('offers the STIX types for the pair, then related-to', () => {
    expect(allowedRelationshipTypes(rules, 'intrusion-set', 'malware')).toEqual(['uses', 'related-to']);
    expect(allowedRelationshipTypes(rules, 'malware', 'intrusion-set')).toEqual([
      'authored-by',
      'related-to',
    ]);
  });
  it('adds derived-from and duplicate-of between objects of one type only', () => {
    expect(allowedRelationshipTypes(rules, 'malware', 'malware')).toEqual([
      'variant-of',
      'derived-from',
      'duplicate-of',
      'related-to',
    ]);
    expect(allowedRelationshipTypes(rules, 'tool', 'campaign')).toEqual(['related-to']);
  });
});

describe('parseAliases', () => {
  it('splits on commas and lines, trims, drops empties, repeats and the name', () => {
    expect(parseAliases(' Fancy Bear, sofacy\n\nSofacy , APT28,', 'apt28')).toEqual(['Fancy Bear', 'sofacy']);
  });
});

describe('levelsUpTo', () => {
  it('stops at the ceiling', () => {
    expect(levelsUpTo(['clear', 'green', 'amber', 'amber+strict', 'red'], 'green')).toEqual([
      'clear',
      'green',
    ]);
    expect(levelsUpTo(['clear'], 'red')).toEqual(['clear']);
  });
});

describe('describeChange', () => {
  it('says what an import offered and that the analyst value stayed', () => {
    expect(
      describeChange({
        action: 'import_kept',
        field: 'name',
        old_value: 'Renamed Bear',
        new_value: 'Bear v2',
      }),
    ).toBe("An import offered name “Bear v2”; the analyst's “Renamed Bear” was kept");
  });
  it('names field changes, creations and merges, hostile text kept as text', () => {
    expect(
      describeChange({ action: 'changed', field: 'aliases', old_value: [], new_value: ['<img src=x>', 'B'] }),
    ).toBe('Changed aliases from “(none)” to “<img src=x>, B”');
    expect(
      describeChange({ action: 'created', field: null, old_value: null, new_value: { name: 'Panda' } }),
    ).toBe('Created as “Panda”');
    expect(
      describeChange({
        action: 'merged',
        field: null,
        old_value: null,
        new_value: { merged: [{ stix_id: 'x--1', name: 'Sofacy' }] },
      }),
    ).toBe('Merged into it: Sofacy');
  });
});

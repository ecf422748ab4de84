import { describe, expect, it } from 'vitest';
import { writableTlpLevels } from './writable-tlp';

describe('writableTlpLevels', () => {
  it('offers a default analyst everything below RED', () => {
    expect(writableTlpLevels({ clearance: 'amber+strict', redGroups: [] })).toEqual([
      'clear',
      'green',
      'amber',
      'amber+strict',
    ]);
  });
  it('offers a member of a green-only group CLEAR and GREEN', () => {
    expect(writableTlpLevels({ clearance: 'green', redGroups: [] })).toEqual(['clear', 'green']);
  });
  it('offers RED with a group cleared for it to name as the audience', () => {
    expect(writableTlpLevels({ clearance: 'red', redGroups: [{ id: 'g', name: 'Red cell' }] })).toContain(
      'red',
    );
  });
  it('offers nothing before the clearance is known', () => {
    expect(writableTlpLevels(undefined)).toEqual([]);
  });
});

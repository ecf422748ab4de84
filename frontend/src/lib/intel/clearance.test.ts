import { describe, expect, it } from 'vitest';
import { writableLevels } from './clearance';

describe('writableLevels', () => {
  it('offers a default analyst everything below RED', () => {
    expect(writableLevels('amber+strict', [])).toEqual(['clear', 'green', 'amber', 'amber+strict']);
  });
  it('offers a member of a green-only group CLEAR and GREEN', () => {
    expect(writableLevels('green', [])).toEqual(['clear', 'green']);
  });
  it('offers RED only with a group cleared for it to name as the audience', () => {
    expect(writableLevels('red', [{ id: 'g', name: 'Red cell' }])).toContain('red');
    expect(writableLevels('red', [])).not.toContain('red');
  });
});

import { describe, expect, it } from 'vitest';
import { clearanceText } from './group-tlp';

describe('clearanceText', () => {
  it('names every level a green group reads', () => {
    expect(clearanceText('green')).toBe('Reads TLP:CLEAR and TLP:GREEN only.');
  });
  it('says RED needs the audience', () => {
    expect(clearanceText('red')).toMatch(/TLP:RED where a source or a record names this group/);
  });
  it('reads one level alone', () => {
    expect(clearanceText('clear')).toBe('Reads TLP:CLEAR only.');
  });
  it('refuses an unknown level', () => {
    expect(clearanceText('purple')).toBe('Unknown TLP level.');
  });
});

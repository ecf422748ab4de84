import { describe, expect, it } from 'vitest';
import { historyText } from './history-entry';

describe('historyText', () => {
  it('says a false-positive verdict and its withdrawal in words', () => {
    expect(historyText({ kind: 'false_positive', from_value: 'false', to_value: 'true' })).toBe(
      'Marked false positive',
    );
    expect(historyText({ kind: 'false_positive', from_value: 'true', to_value: 'false' })).toBe(
      'False-positive verdict withdrawn',
    );
  });

  it('keeps status changes and assignments as before', () => {
    expect(historyText({ kind: 'status', from_value: 'new', to_value: 'dismissed' })).toBe(
      'status new → dismissed',
    );
    expect(historyText({ kind: 'assignment', from_value: null, to_value: 'Ana' })).toBe('assigned — → Ana');
    expect(historyText({ kind: 'raised', from_value: null, to_value: null })).toBe('raised the alert');
  });
});

import { describe, expect, it } from 'vitest';
import { changeText, formatSettingValue, parseSettingDraft, rangeText } from './setting-value';

const days = {
  label: 'Security events kept',
  type: 'integer' as const,
  min_value: 30,
  max_value: 3650,
  allowed_values: null,
};
const tlp = {
  label: 'Default TLP',
  type: 'enum' as const,
  min_value: null,
  max_value: null,
  allowed_values: ['clear', 'amber'],
};
const flag = {
  label: 'Rule enabled',
  type: 'boolean' as const,
  min_value: null,
  max_value: null,
  allowed_values: null,
};

describe('parseSettingDraft', () => {
  it('accepts a whole number in range and says why otherwise, in the server words', () => {
    expect(parseSettingDraft(days, ' 90 ')).toEqual({ ok: true, value: 90 });
    expect(parseSettingDraft(days, '90.5')).toEqual({
      ok: false,
      message: 'Security events kept must be a whole number',
    });
    expect(parseSettingDraft(days, 'ten')).toEqual({
      ok: false,
      message: 'Security events kept must be a whole number',
    });
    expect(parseSettingDraft(days, '10')).toEqual({
      ok: false,
      message: 'Security events kept must be between 30 and 3650',
    });
    expect(parseSettingDraft(days, '')).toEqual({ ok: false, message: 'Security events kept needs a value' });
  });
  it('accepts only an allowed value of an enum', () => {
    expect(parseSettingDraft(tlp, 'amber')).toEqual({ ok: true, value: 'amber' });
    expect(parseSettingDraft(tlp, 'white')).toEqual({
      ok: false,
      message: 'Default TLP must be one of: clear, amber',
    });
  });
  it('turns a switch into a boolean', () => {
    expect(parseSettingDraft(flag, 'false')).toEqual({ ok: true, value: false });
    expect(parseSettingDraft(flag, 'yes')).toEqual({
      ok: false,
      message: 'Rule enabled must be true or false',
    });
  });
});

describe('texts', () => {
  it('formats values and ranges with their unit', () => {
    expect(formatSettingValue({ type: 'integer', value: 90, unit: 'days' })).toBe('90 days');
    expect(formatSettingValue({ type: 'boolean', value: false, unit: null })).toBe('Off');
    expect(rangeText({ ...days, unit: 'days' })).toBe('30–3650 days');
    expect(rangeText({ ...tlp, unit: null })).toBe('clear, amber');
  });
  it('reads from → to out of an audit row', () => {
    expect(changeText({ changes: { value: { from: 365, to: 90 } } })).toBe('365 → 90');
    expect(changeText({ row: { key: 'x' } })).toBe('{"row":{"key":"x"}}');
  });
});

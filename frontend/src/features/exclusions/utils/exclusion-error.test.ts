import { describe, expect, it } from 'vitest';
import { ExclusionRefusal, exclusionError, retryUnlessRefused } from './exclusion-error';

describe('exclusionError', () => {
  it('passes the server’s plain sentences through as refusals', () => {
    const error = exclusionError({ code: '22023', message: '"x" is not an IP address or network.' });
    expect(error).toBeInstanceOf(ExclusionRefusal);
    expect(error.message).toBe('"x" is not an IP address or network.');
    expect(exclusionError({ code: '23505', message: 'The list already holds 10.0.0.0/8.' }).message).toBe(
      'The list already holds 10.0.0.0/8.',
    );
  });

  it('says who may manage lists instead of the bare privilege error', () => {
    expect(exclusionError({ code: '42501', message: 'Admin privileges required' }).message).toBe(
      'Only an administrator signed in with a second factor manages exclusion lists.',
    );
    expect(
      exclusionError({
        code: '42501',
        message: 'Only the analyst who added an exclusion, or an administrator, removes it.',
      }).message,
    ).toMatch(/^Only the analyst/);
  });

  it('retries a network failure once but never a refusal', () => {
    expect(retryUnlessRefused(0, exclusionError({ message: 'Failed to fetch' }))).toBe(true);
    expect(retryUnlessRefused(1, exclusionError({ message: 'Failed to fetch' }))).toBe(false);
    expect(retryUnlessRefused(0, exclusionError({ code: '22023', message: 'No exclusion list 4.' }))).toBe(
      false,
    );
  });
});

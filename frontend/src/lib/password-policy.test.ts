import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblems, problemsInWords } from './password-policy';

describe('passwordProblems', () => {
  it('accepts a password that meets the policy', () => {
    expect(passwordProblems('Correct-Horse-42')).toEqual([]);
  });

  it('lists every missing requirement', () => {
    expect(passwordProblems('short')).toEqual([
      `at least ${PASSWORD_MIN_LENGTH} characters`,
      'an upper-case letter',
      'a digit',
    ]);
    expect(passwordProblems('ALLUPPERCASE123')).toEqual(['a lower-case letter']);
  });

  it('refuses what bcrypt would cut off', () => {
    expect(passwordProblems(`Aa1${'x'.repeat(70)}`)).toEqual(['at most 72 bytes']);
  });
});

describe('problemsInWords', () => {
  it('joins what is missing into one phrase', () => {
    expect(problemsInWords(passwordProblems('short'))).toBe(
      `at least ${PASSWORD_MIN_LENGTH} characters, an upper-case letter, and a digit`,
    );
    expect(problemsInWords(['a digit'])).toBe('a digit');
  });
});

/**
 * The installation's password policy (`[auth] minimum_password_length = 12`, `password_requirements =
 * "lower_upper_letters_digits"`), one definition for every form that sets a password (the first
 * sign-in's choice, the profile's change): shown as a checklist and checked before sending, so the
 * user hears it at once. The auth service enforces it regardless.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads 72 bytes; the auth service refuses longer passwords. */
export const PASSWORD_MAX_BYTES = 72;

/** The policy in one sentence, for a form's helper text. */
export const PASSWORD_POLICY_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters with lower- and upper-case letters and a digit.`;

const byteLength = (password: string) => new TextEncoder().encode(password).length;

export interface PasswordRule {
  /** As a checklist shows it ("A digit"). */
  label: string;
  /** As a sentence lists what is missing ("a digit"). */
  missing: string;
  met: (password: string) => boolean;
}

/** What a password needs, in the order a checklist shows it. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    missing: `at least ${PASSWORD_MIN_LENGTH} characters`,
    met: (p) => byteLength(p) >= PASSWORD_MIN_LENGTH,
  },
  { label: 'A lower-case letter', missing: 'a lower-case letter', met: (p) => /[a-z]/.test(p) },
  { label: 'An upper-case letter', missing: 'an upper-case letter', met: (p) => /[A-Z]/.test(p) },
  { label: 'A digit', missing: 'a digit', met: (p) => /[0-9]/.test(p) },
];

/** What the password lacks (or has too much of), in words; empty when it follows the policy. */
export function passwordProblems(password: string): string[] {
  const problems = PASSWORD_RULES.filter((rule) => !rule.met(password)).map((rule) => rule.missing);
  if (byteLength(password) > PASSWORD_MAX_BYTES) problems.unshift(`at most ${PASSWORD_MAX_BYTES} bytes`);
  return problems;
}

/** What a password lacks as one phrase: "at least 12 characters, an upper-case letter, and a digit". */
export function problemsInWords(problems: readonly string[]): string {
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(problems);
}

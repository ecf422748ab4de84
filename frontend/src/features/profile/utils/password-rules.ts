/**
 * The installation's password policy (`[auth] minimum_password_length = 12`, `password_requirements =
 * "lower_upper_letters_digits"`), checked before sending so the user hears it at once; the auth
 * service enforces it regardless.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt reads 72 bytes; the auth service refuses longer passwords. */
export const PASSWORD_MAX_BYTES = 72;

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (new TextEncoder().encode(password).length < PASSWORD_MIN_LENGTH)
    problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES)
    problems.push(`at most ${PASSWORD_MAX_BYTES} bytes`);
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter');
  if (!/[0-9]/.test(password)) problems.push('a digit');
  return problems;
}

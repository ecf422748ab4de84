/**
 * The password rules the auth service enforces (supabase/config.toml: minimum_password_length,
 * password_requirements = "lower_upper_letters_digits"), shown before the server has to refuse.
 */
export const PASSWORD_MIN_LENGTH = 12;

export interface PasswordRule {
  label: string;
  met: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { label: 'A lower-case letter', met: (p) => /[a-z]/.test(p) },
  { label: 'An upper-case letter', met: (p) => /[A-Z]/.test(p) },
  { label: 'A digit', met: (p) => /[0-9]/.test(p) },
];

export const meetsPasswordRules = (password: string) => PASSWORD_RULES.every((rule) => rule.met(password));

// One-time passwords for new users and password resets: 20 characters from a 64-character alphabet (256 % 64 = 0, so
// every character is uniform), 120 bits, redrawn until it holds the classes the password policy
// (`lower_upper_letters_digits`) asks for.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const ONE_TIME_PASSWORD_LENGTH = 20;

export function meetsPolicy(password: string): boolean {
  return /[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password);
}

export function generateOneTimePassword(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  for (;;) {
    const bytes = random(new Uint8Array(ONE_TIME_PASSWORD_LENGTH));
    const password = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
    if (meetsPolicy(password)) return password;
  }
}

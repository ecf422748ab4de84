/** Plain-language words for the reasons verify_admin_totp gives, and the accepted code formats. */

const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[A-Z2-7]{5}-?[A-Z2-7]{5}$/i;

export function isAcceptableMfaCode(code: string, allowBackupCode: boolean): boolean {
  const trimmed = code.replace(/\s/g, '');
  return TOTP_CODE.test(trimmed) || (allowBackupCode && BACKUP_CODE.test(trimmed));
}

export function isBackupCode(code: string): boolean {
  return BACKUP_CODE.test(code.replace(/\s/g, ''));
}

/** `code` is what was entered: a refused backup code is about backup codes, not the device clock. */
export function mfaFailureMessage(reason: string | undefined, code = ''): string {
  switch (reason) {
    case 'invalid_code':
      if (isBackupCode(code)) {
        return 'That backup code is not valid or was already used: each backup code works once. Use another one, or the code from your authenticator app.';
      }
      return 'That code is not valid. Check the time on your device and enter the current code.';
    case 'replayed':
      return 'That code was already used. Wait for the next code in your authenticator app.';
    case 'locked':
      return 'Too many failed attempts. Two-factor verification is locked for 15 minutes.';
    case 'mfa_setup_required':
      return 'Two-factor authentication is not set up for this account yet.';
    default:
      return 'The code could not be verified. Check your connection and try again.';
  }
}

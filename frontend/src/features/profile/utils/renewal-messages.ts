/** Words for a refused backup code renewal (reasons of regenerate_admin_backup_codes). */
export function renewalFailureMessage(reason: string): string {
  switch (reason) {
    case 'replayed':
      return 'That code was already used. Wait for the next code from your authenticator app.';
    case 'locked':
      return 'Too many wrong codes: two-factor authentication is locked for 15 minutes.';
    default:
      return 'That code is not valid. Enter the current 6-digit code from your authenticator app.';
  }
}

/** The replication role's password: generated into secrets.json the first time a standby is set up. */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { StackSecrets } from '../config/secrets.js';

export function ensureReplicationPassword(file: string, secrets: StackSecrets): string {
  if (secrets.replicationPassword) return secrets.replicationPassword;
  secrets.replicationPassword = randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets.replicationPassword;
}

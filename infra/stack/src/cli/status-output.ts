/** `stack status`: the keys `supabase status -o json` prints, plus the state of each part. */
import type { StackVariables } from '../../lib/stack-status.mjs';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import { mailRoute } from '../config/mail-config.js';
import { mailpitUrl } from '../mail/catcher.js';
import { databaseUrl } from '../kernel/db.js';

export function statusVariables(
  config: ProjectConfig,
  secrets: StackSecrets,
  webUrl?: string,
): StackVariables {
  const apiUrl = `http://127.0.0.1:${config.api.port}`;
  const mailpit = mailpitUrl(config);
  const mail = mailRoute(config.localSmtp, config.auth.email);
  return {
    API_URL: apiUrl,
    REST_URL: `${apiUrl}/rest/v1`,
    DB_URL: databaseUrl(config, 'postgres', secrets.postgresPassword),
    ANON_KEY: secrets.anonKey,
    SERVICE_ROLE_KEY: secrets.serviceRoleKey,
    PUBLISHABLE_KEY: secrets.publishableKey,
    SECRET_KEY: secrets.secretKey,
    JWT_SECRET: secrets.jwtSecret,
    ...(webUrl ? { WEB_URL: webUrl } : {}),
    // `supabase status` 3.1.0 prints MAILPIT_URL (INBUCKET_URL is only its old alias for it).
    ...(mailpit ? { MAILPIT_URL: mailpit } : {}),
    ...(mail ? { SMTP_URL: mail.url, SMTP_SENDER: mail.sender } : {}),
  };
}

export function formatStatus(vars: Record<string, string>, format: string): string {
  switch (format) {
    case 'json':
      return JSON.stringify(vars, null, 2);
    case 'env':
      return Object.entries(vars)
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n');
    default: {
      const width = Math.max(...Object.keys(vars).map((k) => k.length));
      return Object.entries(vars)
        .map(([k, v]) => `${k.padEnd(width)}  ${v}`)
        .join('\n');
    }
  }
}

/** The health of each part as a table (pretty), flat `STATUS_<PART>` keys (env) or an object (json). */
export function formatHealth(
  parts: Record<string, { healthy: boolean; detail?: string }>,
  format: string,
): string {
  const entries = Object.entries(parts);
  switch (format) {
    case 'json':
      return JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, v])));
    case 'env':
      return entries
        .map(([k, v]) => `STATUS_${k.toUpperCase()}="${v.healthy ? 'healthy' : 'unhealthy'}"`)
        .join('\n');
    default: {
      const width = Math.max(...entries.map(([k]) => k.length));
      return entries
        .map(
          ([k, v]) =>
            `${k.padEnd(width)}  ${v.healthy ? 'healthy' : 'UNHEALTHY'}${v.detail ? `  (${v.detail})` : ''}`,
        )
        .join('\n');
    }
  }
}

// Types of the status reader (stack-status.mjs); the producer is src/cli/status-output.ts.

/** The URLs and keys `stack status -o json` prints (the names `supabase status -o json` uses). */
export type StackVariables = {
  API_URL: string;
  REST_URL: string;
  DB_URL: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  PUBLISHABLE_KEY: string;
  SECRET_KEY: string;
  JWT_SECRET: string;
  /** Only when the project serves the app (`[stack] web_port` and `web_root`). */
  WEB_URL?: string;
  /** The local mail catcher's page and Mailpit-compatible API (`[local_smtp] port`), unless it is off. */
  MAILPIT_URL?: string;
  /**
   * The SMTP server every mail goes through: `[auth.email.smtp]` when enabled
   * (`smtp://user:pass@host:port`, credentials URL-encoded), else the catcher
   * (`smtp://127.0.0.1:<smtp_port>`); absent when there is neither.
   */
  SMTP_URL?: string;
  /** The From of those mails, `Name <address>` (admin_email and sender_name of the same section). */
  SMTP_SENDER?: string;
};

export type StackPartHealth = { healthy: boolean; detail?: string };

export type StackStatus = StackVariables & {
  /** Each part (db, api, auth, rest, realtime, functions, storage, web, mail) as the gateway reports it. */
  STATUS: Record<string, StackPartHealth>;
};

export interface StackStatusReading {
  /** Exit code 0: the stack runs and every part is healthy. */
  healthy: boolean;
  /** What status printed, also when a part is unhealthy; undefined when no stack runs there. */
  status: StackStatus | undefined;
  /** Why not healthy: the unhealthy parts, or the CLI's words, or the spawn error; '' when healthy. */
  reason: string;
}

/** Runs `stack status -o json --workdir <workdir>`; never throws. */
export function readStackStatus(workdir: string): StackStatusReading;

/** The status of a running, healthy stack; throws, saying why, otherwise. */
export function healthyStackStatus(workdir: string): StackStatus;

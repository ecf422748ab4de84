/**
 * The access matrix's probes for the administration tables: settings (read by admins with MFA and the
 * service role, changed only through update_setting), the decay rules they mirror (read by every
 * signed-in user, changed only through update_setting) and the audit trail (read by admins with MFA
 * and the service role, written only by the server in the acting transaction, never updated or
 * deleted). All refuse every write through the API, so the probes aim at real rows: a shipped
 * setting, the shipped IPv4 decay rule and the audit rows of role grants (the suite's own personas
 * leave some). A regression that let a write through would show here as "allow".
 */
import type { IntelSpec } from './intel-table-specs.js';

const SETTING = 'key=eq.retention.security_events_days';
const DECAY_RULE = 'indicator_type=eq.ipv4';
const AUDIT_ROWS = 'target_type=eq.user_role';

export function adminTableSpecs(runId: string) {
  const suffix = runId.toLowerCase().replace(/[^a-z0-9]/g, '');
  const specs = {
    settings: {
      victimFilter: async () => SETTING,
      newRow: () => ({
        key: `suite.probe_${suffix}`,
        category: 'Security suite',
        label: 'Probe',
        type: 'boolean',
        value: true,
      }),
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => SETTING,
    },
    decay_rules: {
      victimFilter: async () => DECAY_RULE,
      newRow: () => ({ indicator_type: 'ipv4', lifetime_days: 1, half_life_days: 1, decayed_below: 0 }),
      patch: { rationale: `security-suite ${runId}` },
      seedForDelete: async () => DECAY_RULE,
    },
    audit_trail: {
      victimFilter: async () => AUDIT_ROWS,
      newRow: () => ({
        actor_role: 'admin',
        action: 'user.forged',
        target_type: 'user',
        details: { suite: runId },
      }),
      patch: { action: 'user.forged' },
      seedForDelete: async () => AUDIT_ROWS,
    },
  } satisfies Record<string, IntelSpec>;
  return { specs };
}

/**
 * The access matrix's probe for the public site's table: contact messages, written by anyone only
 * through submit_contact_message and read by admins with MFA (and the service role). The victim row is
 * seeded with the service key before the checks, so a select that let an analyst or a visitor read it
 * would show "allow".
 */
import type { IntelSpec } from './intel-table-specs.js';
import { SUITE_EMAIL_DOMAIN } from '../lib/personas.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function publicTableSpecs(runId: string, insert: Insert) {
  const email = `contact-${runId.toLowerCase().replace(/[^a-z0-9]/g, '')}@${SUITE_EMAIL_DOMAIN}`;
  const newRow = () => ({
    name: 'Security suite',
    email,
    topic: 'other',
    message: `security-suite probe ${runId}`,
  });
  const seed = async () => Number((await insert('contact_messages', newRow())).id);
  let victim = 0;
  const specs = {
    contact_messages: {
      victimFilter: async () => `id=eq.${victim}`,
      newRow,
      patch: { topic: 'access' },
      seedForDelete: async () => `id=eq.${await seed()}`,
    },
  } satisfies Record<string, IntelSpec>;
  const cleanUp = (remove: Remove) => remove('contact_messages', `email=eq.${email}`);
  // Before any check: a select sees no row at all on a table nobody has written to yet, and
  // would read "deny" for a role that is in fact allowed.
  const seedVictim = async () => {
    victim = await seed();
  };
  return { specs, seed: seedVictim, cleanUp };
}

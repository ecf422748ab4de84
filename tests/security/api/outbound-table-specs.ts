/**
 * The access matrix's probes for the allowed outbound addresses (issue 36): administrators with
 * MFA read, add and remove them (audited by a row trigger), nobody else sees or writes them; the
 * service role manages them. Rows of the run are named by their reason and live in 198.18.0.0/15
 * (the benchmarking range, RFC 2544), each insert a fresh /32.
 */
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function outboundTableSpecs(runId: string, insert: Insert) {
  const seeded = { id: '' };
  const reason = `security-suite ${runId}`;
  let next = Math.floor(Math.random() * 60_000);
  const row = () => {
    next += 1;
    return { address: `198.18.${(next >> 8) & 255}.${next & 255}/32`, reason };
  };
  const newRow = async () => String((await insert('outbound_allowed_addresses', row())).id);

  async function seed(): Promise<void> {
    seeded.id = await newRow();
  }

  const specs = {
    outbound_allowed_addresses: {
      victimFilter: async () => `id=eq.${seeded.id}`,
      newRow: row,
      patch: { reason: `${reason} patched` },
      seedForDelete: async () => `id=eq.${await newRow()}`,
    },
  } satisfies Record<string, IntelSpec>;

  const cleanUp = async (remove: Remove) => {
    await remove('outbound_allowed_addresses', `reason=like.${encodeURIComponent(`${reason}*`)}`);
  };
  return { specs, seed, cleanUp };
}

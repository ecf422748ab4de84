/**
 * The access matrix's probes for online enrichment (issue 30 §2): every signed-in user reads the
 * services (no key is in them: keys live in the private schema, which the API does not expose) and
 * the results of indicators they read (the run's are TLP:CLEAR); nobody writes them through REST
 * but the service role writing results (administrators configure services through
 * update_enrichment_service, analysts ask through request_enrichment). The services' rows are
 * fixed, so their probes aim at a shipped one; results hang on the run's own indicators, and
 * removing those removes them.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

const SERVICES = [
  'rdap',
  'circl_pdns',
  'shodan_internetdb',
  'abuseipdb',
  'greynoise',
  'virustotal',
  'urlscan',
];

export function enrichmentTableSpecs(runId: string, insert: Insert) {
  const prefix = `enrichment-${runId}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const seeded = { resultId: 0, spare: [] as number[] };
  const newIndicatorByName = async () =>
    Number(
      (
        await insert('indicators', {
          type: 'domain',
          value: `${prefix}-${randomUUID().slice(0, 8)}.example`,
          tlp: 'clear',
        })
      ).id,
    );
  let pair = 0;
  /** A fresh (indicator, service) pair among the spare indicators: one result per pair. */
  const resultRow = () => {
    const k = pair++;
    return {
      indicator_id: seeded.spare[Math.floor(k / SERVICES.length) % seeded.spare.length],
      service_id: SERVICES[k % SERVICES.length],
      status: 'queued',
    };
  };
  const newResult = async () => {
    const id = await newIndicatorByName();
    return Number(
      (await insert('enrichment_results', { indicator_id: id, service_id: 'rdap', status: 'queued' })).id,
    );
  };

  async function seed(): Promise<void> {
    seeded.resultId = await newResult();
    for (let i = 0; i < 4; i++) seeded.spare.push(await newIndicatorByName());
  }

  const specs = {
    enrichment_services: {
      victimFilter: async () => 'id=eq.rdap',
      newRow: () => ({
        id: 'rdap',
        name: 'probe',
        indicator_types: ['ipv4'],
        needs_key: false,
        base_url: 'https://rdap.example',
        ttl_hours: 1,
      }),
      patch: { enabled: true },
      seedForDelete: async () => 'id=eq.rdap',
    },
    enrichment_results: {
      victimFilter: async () => `id=eq.${seeded.resultId}`,
      newRow: resultRow,
      patch: { status: 'failed', error: `${prefix} patched` },
      seedForDelete: async () => `id=eq.${await newResult()}`,
    },
  } satisfies Record<string, IntelSpec>;

  const cleanUp = async (remove: Remove) => {
    await remove('indicators', `value=like.${encodeURIComponent(`${prefix}-*`)}`);
  };
  return { specs, seed, cleanUp };
}

/**
 * The access matrix's probes for the knowledge base tables: victim rows seeded with the service
 * key (all TLP:CLEAR, so "allow" means a role reads imported intelligence), fresh rows for
 * inserts (unique per call), harmless patches, and rows a delete may remove. TLP:RED itself is
 * proved per role in pgTAP (supabase/tests/database/050-intel-access.test.sql).
 */
import { randomUUID } from 'node:crypto';

export interface IntelSpec {
  owner?: string;
  victimFilter: () => Promise<string>;
  ownFilter?: (userId: string) => string;
  /** A row to insert as the probing role (`userId`: its user, none for anon and the service role). */
  newRow: (userId?: string) => Record<string, unknown>;
  patch: Record<string, unknown>;
  seedForDelete: () => Promise<string>;
}

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

const probeValue = (runId: string) => `probe-${runId}-${randomUUID().slice(0, 8)}.example`;

export function intelTableSpecs(runId: string, insert: Insert) {
  const seeded = {
    sourceId: '',
    indicatorId: 0,
    cve: '',
    stixObject: '',
    relationship: '',
    sighting: '',
    runRow: 0,
    cveName: '',
    stixAlias: '',
    otherObject: '',
  };
  const spareSources: string[] = [];
  const newSource = async () =>
    String(
      (
        await insert('sources', {
          name: `security-suite ${runId} ${randomUUID().slice(0, 8)}`,
          format: 'stix',
        })
      ).id,
    );
  const newIndicator = async () =>
    Number((await insert('indicators', { type: 'domain', value: probeValue(runId), tlp: 'clear' })).id);
  const newObject = async () =>
    String(
      (
        await insert('intel_objects', {
          stix_id: `intrusion-set--${randomUUID()}`,
          type: 'intrusion-set',
          name: `suite ${runId}`,
          stix: {},
        })
      ).stix_id,
    );
  const newRelationship = async () => String((await insert('relationships', relationshipRow())).stix_id);
  // A signed-in user names no STIX id and relates two objects they read (the database names and
  // builds it); the service role writes as an importer.
  const relationshipRow = (userId?: string) =>
    userId
      ? { relationship_type: 'related-to', source_ref: seeded.stixObject, target_ref: seeded.otherObject }
      : {
          stix_id: `relationship--${randomUUID()}`,
          relationship_type: 'related-to',
          source_ref: `x-security-suite--${randomUUID()}`,
          target_ref: `x-security-suite--${randomUUID()}`,
          stix: { suite: runId },
        };
  const sightingRow = () => ({
    stix_id: `sighting--${randomUUID()}`,
    sighting_of_ref: `indicator--${randomUUID()}`,
    stix: { suite: runId },
  });
  // A name the suite owns: the migration's curated names (Log4Shell, …) are never touched.
  const cveNameRow = () => ({
    cve_id: `CVE-2099-${String(Math.floor(Math.random() * 9e6) + 1e6)}`,
    name: `security-suite ${runId} ${randomUUID().slice(0, 8)}`,
  });
  const newCveName = async () => {
    const row = await insert('vulnerability_names', cveNameRow());
    return `cve_id=eq.${String(row.cve_id)}&name=eq.${encodeURIComponent(String(row.name))}`;
  };
  const cveRow = () => ({
    cve_id: `CVE-2099-${String(Math.floor(Math.random() * 9e6) + 1e6)}`,
    kev_notes: `security-suite ${runId}`,
  });

  // A producer's own id for the victim indicator (what a STIX import records).
  const stixAliasRow = () => ({ stix_id: `indicator--${randomUUID()}`, indicator_id: seeded.indicatorId });
  const newStixAlias = async () => String((await insert('indicator_stix_ids', stixAliasRow())).stix_id);

  async function seed(): Promise<void> {
    seeded.sourceId = await newSource();
    for (let i = 0; i < 5; i++) spareSources.push(await newSource());
    seeded.indicatorId = await newIndicator();
    await insert('indicator_sources', {
      indicator_id: seeded.indicatorId,
      source_id: seeded.sourceId,
      tlp: 'clear',
    });
    seeded.stixAlias = await newStixAlias();
    seeded.cve = String((await insert('vulnerabilities', cveRow())).cve_id);
    seeded.cveName = await newCveName();
    seeded.stixObject = await newObject();
    seeded.otherObject = await newObject();
    seeded.relationship = await newRelationship();
    seeded.sighting = String((await insert('sightings', sightingRow())).stix_id);
    seeded.runRow = Number(
      (
        await insert('import_runs', {
          source_name: `security-suite ${runId}`,
          format: 'stix',
          status: 'succeeded',
        })
      ).id,
    );
  }

  /** Everything the suite (and the personas' allowed inserts) left behind. */
  async function cleanUp(remove: Remove): Promise<void> {
    await remove('indicators', `value=like.probe-${runId}-*`);
    await remove('relationships', `relationship_type=eq.related-to&source_ref=eq.${seeded.stixObject}`);
    await remove('intel_objects', `name=eq.${encodeURIComponent(`suite ${runId}`)}`);
    await remove('relationships', 'relationship_type=eq.related-to&source_ref=like.x-security-suite--*');
    await remove('sightings', `stix->>suite=eq.${runId}`);
    await remove('vulnerability_names', `name=like.${encodeURIComponent(`security-suite ${runId}*`)}`);
    await remove('vulnerabilities', `kev_notes=eq.${encodeURIComponent(`security-suite ${runId}`)}`);
    await remove('import_runs', `source_name=like.${encodeURIComponent(`security-suite ${runId}*`)}`);
    await remove('sources', `name=like.${encodeURIComponent(`security-suite ${runId}*`)}`);
  }

  const specs = {
    sources: {
      victimFilter: async () => `id=eq.${seeded.sourceId}`,
      newRow: () => ({ name: `security-suite ${runId} ${randomUUID().slice(0, 8)}`, format: 'stix' }),
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newSource()}`,
    },
    import_runs: {
      victimFilter: async () => `id=eq.${seeded.runRow}`,
      newRow: () => ({ source_name: `security-suite ${runId}`, format: 'stix', status: 'succeeded' }),
      patch: { input: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${seeded.runRow}`,
    },
    vulnerability_names: {
      victimFilter: async () => seeded.cveName,
      newRow: cveNameRow,
      patch: { name: `security-suite ${runId} patched` },
      seedForDelete: newCveName,
    },
    vulnerabilities: {
      victimFilter: async () => `cve_id=eq.${seeded.cve}`,
      newRow: cveRow,
      patch: { kev_required_action: 'security-suite patch' },
      seedForDelete: async () => `cve_id=eq.${String((await insert('vulnerabilities', cveRow())).cve_id)}`,
    },
    indicators: {
      owner: 'created_by',
      victimFilter: async () => `id=eq.${seeded.indicatorId}`,
      ownFilter: (id) => `created_by=eq.${id}`,
      newRow: () => ({ type: 'domain', value: probeValue(runId), tlp: 'clear' }),
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newIndicator()}`,
    },
    indicator_sources: {
      victimFilter: async () => `indicator_id=eq.${seeded.indicatorId}&source_id=eq.${seeded.sourceId}`,
      newRow: () => ({
        indicator_id: seeded.indicatorId,
        source_id: spareSources.shift() ?? seeded.sourceId,
        tlp: 'clear',
      }),
      patch: { reference: `security-suite ${runId}` },
      seedForDelete: async () => `indicator_id=eq.${seeded.indicatorId}&source_id=eq.${seeded.sourceId}`,
    },
    indicator_stix_ids: {
      victimFilter: async () => `stix_id=eq.${seeded.stixAlias}`,
      newRow: stixAliasRow,
      patch: { created_at: new Date().toISOString() },
      seedForDelete: async () => `stix_id=eq.${await newStixAlias()}`,
    },
    intel_objects: {
      owner: 'created_by',
      victimFilter: async () => `stix_id=eq.${seeded.stixObject}`,
      ownFilter: (id) => `created_by=eq.${id}`,
      newRow: (userId) =>
        userId
          ? { type: 'intrusion-set', name: `suite ${runId}` }
          : {
              stix_id: `intrusion-set--${randomUUID()}`,
              type: 'intrusion-set',
              name: `suite ${runId}`,
              stix: {},
            },
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `stix_id=eq.${await newObject()}`,
    },
    relationships: {
      victimFilter: async () => `stix_id=eq.${seeded.relationship}`,
      newRow: relationshipRow,
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `stix_id=eq.${await newRelationship()}`,
    },
    sightings: {
      victimFilter: async () => `stix_id=eq.${seeded.sighting}`,
      newRow: sightingRow,
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `stix_id=eq.${seeded.sighting}`,
    },
  } satisfies Record<string, IntelSpec>;
  return { specs, seed, cleanUp };
}

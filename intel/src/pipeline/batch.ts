import type { ClientBase } from 'pg';
import { copyIntoStage } from './staging.js';
import type { TableStatistics } from './statistics.js';
import { mergeIndicators } from './merge-indicators.js';
import {
  cveRecordMerge,
  epssMerge,
  kevMerge,
  nvdRecordMerge,
  objectMerge,
  relationshipMerge,
  sightingMerge,
} from './merge-specs.js';
import { runUpsert, type UpsertCounts, type UpsertSpec } from './upsert.js';
import { foldIndicator, indicatorRow, type StagedIndicator } from './prepare/indicator.js';
import {
  vulnerabilityRow,
  type StagedVulnerability,
  type VulnerabilityGroup,
} from './prepare/vulnerability.js';
import type { StagedStix } from './prepare/stix.js';

export type StixKind = 'objects' | 'relationships' | 'sightings';
export type CountedKind = 'indicators' | 'vulnerabilities' | StixKind;

const STIX_MERGES: Record<
  StixKind,
  { table: 'stage_objects' | 'stage_relationships' | 'stage_sightings'; spec: UpsertSpec }
> = {
  objects: { table: 'stage_objects', spec: objectMerge },
  relationships: { table: 'stage_relationships', spec: relationshipMerge },
  sightings: { table: 'stage_sightings', spec: sightingMerge },
};
const VULN_MERGES: Record<VulnerabilityGroup, UpsertSpec> = {
  cve: cveRecordMerge,
  nvd: nvdRecordMerge,
  kev: kevMerge,
  epss: epssMerge,
};

export interface BatchResult {
  byKind: Partial<Record<CountedKind, UpsertCounts>>;
  derivedMalware: number;
  derivedLinks: number;
}

/**
 * The records of one batch, folded by key: the same indicator, CVE or STIX id twice in one batch
 * becomes one staged row (a statement cannot touch a row twice), and each fold is counted as an
 * unchanged record. `approxBytes` bounds a batch of large STIX objects as well as its count.
 */
export class Batch {
  readonly indicators = new Map<string, StagedIndicator>();
  readonly vulnerabilities: Record<VulnerabilityGroup, Map<string, StagedVulnerability>> = {
    cve: new Map(),
    nvd: new Map(),
    kev: new Map(),
    epss: new Map(),
  };
  readonly stix: Record<StixKind, Map<string, StagedStix>> = {
    objects: new Map(),
    relationships: new Map(),
    sightings: new Map(),
  };
  folded: Partial<Record<CountedKind, number>> = {};
  records = 0;
  approxBytes = 0;

  private fold(kind: CountedKind): void {
    this.folded[kind] = (this.folded[kind] ?? 0) + 1;
  }

  addIndicator(item: StagedIndicator): void {
    this.records++;
    this.approxBytes += 200 + item.value.length + item.description.length;
    const earlier = this.indicators.get(item.key);
    if (earlier) this.fold('indicators');
    this.indicators.set(item.key, earlier ? foldIndicator(earlier, item) : item);
  }

  addVulnerability(item: StagedVulnerability): void {
    this.records++;
    this.approxBytes += 300;
    const group = this.vulnerabilities[item.group];
    const earlier = group.get(item.key);
    if (earlier) {
      this.fold('vulnerabilities');
      // A CVE record older than the one already staged does not replace it.
      const older =
        (item.group === 'cve' || item.group === 'nvd') &&
        String(item.columns.modified_at ?? '') < String(earlier.columns.modified_at ?? '');
      if (older) return;
    }
    group.set(item.key, item);
  }

  addStix(kind: StixKind, item: StagedStix, bytes: number): void {
    this.records++;
    this.approxBytes += bytes;
    const map = this.stix[kind];
    const earlier = map.get(item.key);
    if (earlier) {
      this.fold(kind);
      if ((item.modified ?? '') < (earlier.modified ?? '')) return;
    }
    map.set(item.key, item);
  }

  /** Copies each non-empty part into its staging table and merges it; one transaction holds all. */
  async flush(
    db: ClientBase,
    sourceId: string,
    runId: number,
    statistics: TableStatistics,
  ): Promise<BatchResult> {
    const result: BatchResult = { byKind: {}, derivedMalware: 0, derivedLinks: 0 };
    const add = (kind: CountedKind, counts: UpsertCounts) => {
      const total = (result.byKind[kind] ??= { inserted: 0, updated: 0, unchanged: 0 });
      total.inserted += counts.inserted;
      total.updated += counts.updated;
      total.unchanged += counts.unchanged;
    };
    if (this.indicators.size > 0) {
      await copyIntoStage(
        db,
        'stage_indicators',
        [...this.indicators.values()].map((item, i) => indicatorRow(i, item)),
      );
      const counts = await mergeIndicators(db, sourceId, runId);
      add('indicators', counts);
      await statistics.afterWrite(db, 'public.indicators', counts.inserted);
      await statistics.afterWrite(db, 'public.indicator_sources', counts.inserted + counts.updated);
      await statistics.afterWrite(db, 'public.relationships', counts.derivedLinks);
      result.derivedMalware += counts.derivedMalware;
      result.derivedLinks += counts.derivedLinks;
    }
    for (const group of ['cve', 'nvd', 'kev', 'epss'] as const) {
      const items = this.vulnerabilities[group];
      if (items.size === 0) continue;
      await copyIntoStage(
        db,
        'stage_vulnerabilities',
        [...items.values()].map((item, i) => vulnerabilityRow(i, item)),
      );
      const counts = await runUpsert(db, VULN_MERGES[group], []);
      add('vulnerabilities', counts);
      await statistics.afterWrite(db, 'public.vulnerabilities', counts.inserted);
    }
    for (const kind of ['objects', 'relationships', 'sightings'] as const) {
      const items = this.stix[kind];
      if (items.size === 0) continue;
      const { table, spec } = STIX_MERGES[kind];
      await copyIntoStage(
        db,
        table,
        [...items.values()].map((item, i) => [i, ...item.fields]),
      );
      const counts = await runUpsert(db, spec, [sourceId]);
      add(kind, counts);
      await statistics.afterWrite(db, spec.target, counts.inserted);
    }
    for (const [kind, n] of Object.entries(this.folded) as [CountedKind, number][]) {
      add(kind, { inserted: 0, updated: 0, unchanged: n });
    }
    return result;
  }
}

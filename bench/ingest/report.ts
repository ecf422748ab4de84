/**
 * The benchmark's table: each figure against its target, and for ingestion the ratio to the
 * published speeds of the field (shared/reference/cti-landscape.md §3): MISP about 340
 * attributes/s (43 K attributes in 2 min 6 s, MISP #9092, 2023) and OpenCTI 0.2–30 STIX bundles/s
 * (field reports #1360, #6716; a bundle holds one or more objects, so this flatters OpenCTI).
 */
export interface Row {
  name: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean;
  note?: string;
  /** Print the ratio to MISP's and OpenCTI's published ingestion speeds. */
  ratios?: boolean;
}

const MISP_ATTRIBUTES_PER_S = 340;
const OPENCTI_BUNDLES_PER_S_BEST = 30;

export function printReport(
  rows: Row[],
  machine: { cores: number; loadBefore: number; loadAfter: number; node: string },
): void {
  const lines = rows.map((r) => {
    const value = r.value >= 100 ? Math.round(r.value).toLocaleString('en') : r.value.toFixed(2);
    const ratio = r.ratios
      ? ` (×${Math.round(r.value / MISP_ATTRIBUTES_PER_S)} MISP's 340/s, ×${Math.round(r.value / OPENCTI_BUNDLES_PER_S_BEST)} OpenCTI's best 30 bundles/s)`
      : '';
    return `${r.name.padEnd(44)} ${`${value} ${r.unit}`.padStart(20)}  target ${r.target.padEnd(9)} ${r.target === '—' ? '    ' : r.pass ? 'pass' : 'MISS'}  ${r.note ?? ''}${ratio}`;
  });
  console.log(
    `\nbench:ingest on ${machine.cores} cores, Node ${machine.node}; load average ${machine.loadBefore.toFixed(1)} before, ${machine.loadAfter.toFixed(1)} after (a shared machine: read the figures with that in mind)\n`,
  );
  console.log(lines.join('\n'));
}

/**
 * Sightings are per (indicator, sensor): the top list sums an indicator's sensors. It is built from
 * the largest pairs the server answers, which are the largest indicators unless one is seen a little
 * by very many sensors; the page's sightings table has every pair.
 */
export interface TopSighting {
  indicator_id: number | null;
  sensor: string | null;
  count: number | null;
  indicators: { id: number; type: string; value: string; tlp: string; confidence: number | null } | null;
}

export interface TopIndicator {
  id: number;
  type: string;
  value: string;
  tlp: string;
  count: number;
  sensors: string[];
}

export function topIndicators(rows: readonly TopSighting[], limit: number): TopIndicator[] {
  const byId = new Map<number, TopIndicator>();
  for (const row of rows) {
    // Beyond the reader's TLP the indicator is not answered; its count is not shown either.
    if (!row.indicators) continue;
    const found = byId.get(row.indicators.id) ?? {
      id: row.indicators.id,
      type: row.indicators.type,
      value: row.indicators.value,
      tlp: row.indicators.tlp,
      count: 0,
      sensors: [],
    };
    found.count += Number(row.count ?? 0);
    if (row.sensor && !found.sensors.includes(row.sensor)) found.sensors.push(row.sensor);
    byId.set(found.id, found);
  }
  return [...byId.values()]
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit);
}

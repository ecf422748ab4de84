import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isIP } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { geoDatabase } from '../geo/geo-cache.js';
import { copyRow } from '../pipeline/copy-text.js';
import type { TelemetryEvent } from '../telemetry/index.js';

/**
 * One batch of events against the knowledge base: every observable goes to a temporary table with
 * COPY, and one join on the indicators' (value, type) index finds the known ones; addresses are
 * also looked up in the ranges (ipv4-cidr, ipv6-cidr indicators) that contain them, through the
 * GiST index on indicators.network, and by their autonomous system (an `asn` indicator). Only the matches come back to Node, which holds the events and
 * so can describe each match.
 */

export const OBSERVABLES_TABLE = 'stage_observables';

export async function createObservablesTable(db: ClientBase): Promise<void> {
  await db.query(
    `create temporary table ${OBSERVABLES_TABLE} (ev integer, type public.indicator_type, value text collate "C", address inet)
     on commit drop`,
  );
}

export interface EventMatch {
  /** Index of the event in the batch. */
  event: number;
  indicatorId: number;
  /** For a range or AS match: the address inside it that the event named. */
  address?: string;
}

export async function matchEvents(db: ClientBase, events: readonly TelemetryEvent[]): Promise<EventMatch[]> {
  await db.query(`truncate ${OBSERVABLES_TABLE}`);
  function* rows(): Generator<string> {
    let chunk = '';
    for (let ev = 0; ev < events.length; ev++) {
      // One event names the same value in several roles (dns query and tls sni): look it up once.
      const seen = new Set<string>();
      for (const o of events[ev]!.observables) {
        const key = `${o.type}\u0000${o.value}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // Parsed in Node so that a malformed address cannot fail the batch's cast in SQL.
        const address = (o.type === 'ipv4' || o.type === 'ipv6') && isIP(o.value) ? o.value : null;
        chunk += copyRow([ev, o.type, o.value, address]);
        // ASN pivot (issue 30 §1): the address's AS, from the offline database, is an observable
        // too, so an `asn` indicator matches every address in that AS through the exact join.
        const asn = address === null ? null : geoDatabase().lookup(address)?.asn;
        if (asn != null && !seen.has(`asn\u0000AS${asn}`)) {
          seen.add(`asn\u0000AS${asn}`);
          chunk += copyRow([ev, 'asn', `AS${asn}`, address]);
        }
      }
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(
    Readable.from(rows()),
    db.query(copyFrom(`copy ${OBSERVABLES_TABLE} (ev, type, value, address) from stdin`)),
  );
  const ranged = await hasRangeIndicators(db);
  // Point lookups: without statistics the planner would hash the whole indicators table. Revoked,
  // expired and decayed indicators match too: their sightings are evidence, and
  // private.record_telemetry_sightings decides (once per indicator and sensor) that they raise no alert.
  // A range or AS match also answers the address it matched, which the caller checks against the lists.
  const { rows: found } = await db.query<{ ev: number; id: string; address: string | null }>(
    `select o.ev, i.id, case when o.type = 'asn' then host(o.address) end as address from ${OBSERVABLES_TABLE} o
       join public.indicators i on i.value = o.value and i.type = o.type` +
      (ranged
        ? ` union all
            select o.ev, r.id, host(o.address) from ${OBSERVABLES_TABLE} o
              join lateral (select i.id from public.indicators i
                             where i.network >>= o.address and i.network is not null) r on true
             where o.address is not null and o.type in ('ipv4', 'ipv6')`
        : ''),
  );
  return found.map((row) => ({
    event: row.ev,
    indicatorId: Number(row.id),
    ...(row.address === null ? {} : { address: row.address }),
  }));
}

/**
 * Whether the knowledge base holds any address range: without one, the batch skips the range
 * lookup (an index probe per address) altogether. One index probe per batch.
 */
async function hasRangeIndicators(db: ClientBase): Promise<boolean> {
  const { rows } = await db.query<{ ranged: boolean }>(
    `select exists (select 1 from public.indicators where network is not null) as ranged`,
  );
  return rows[0]!.ranged;
}

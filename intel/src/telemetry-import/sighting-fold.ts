import type { ClientBase } from 'pg';
import { geoDatabase } from '../geo/geo-cache.js';
import type { TelemetryEvent } from '../telemetry/index.js';

/** What one (indicator, sensor) pair amounts to in a run: the sightings row's increment. */
interface Fold {
  indicator_id: number;
  sensor: string;
  count: number;
  first_seen: string;
  last_seen: string;
  last_event: Record<string, unknown>;
}

/** The latest matching event, as the Hub and the sighting show it (raw: the UI renders it inert). */
function describe(event: TelemetryEvent): Record<string, unknown> {
  return {
    event_type: event.eventType,
    time: event.time,
    src_ip: event.srcIp,
    src_port: event.srcPort,
    dest_ip: event.destIp,
    dest_port: event.destPort,
    proto: event.proto,
    where: event.where,
    ...event.context,
    ...geoOf('src', event.srcIp),
    ...geoOf('dest', event.destIp),
  };
}

/** The offline AS and country of an event's address, as `<side>_asn`, `_as_name`, `_country` (known ones only). */
function geoOf(side: 'src' | 'dest', address: string | undefined): Record<string, unknown> {
  const found = address ? geoDatabase().lookup(address) : undefined;
  if (!found) return {};
  const fields: Record<string, unknown> = {};
  if (found.asn !== null) fields[`${side}_asn`] = found.asn;
  if (found.asName !== null) fields[`${side}_as_name`] = found.asName;
  if (found.country !== null) fields[`${side}_country`] = found.country;
  return fields;
}

export class SightingFold {
  private readonly folds = new Map<string, Fold>();

  add(event: TelemetryEvent, indicatorId: number): void {
    const key = `${indicatorId}\u0000${event.sensor}`;
    const fold = this.folds.get(key);
    if (!fold) {
      this.folds.set(key, {
        indicator_id: indicatorId,
        sensor: event.sensor,
        count: 1,
        first_seen: event.time,
        last_seen: event.time,
        last_event: describe(event),
      });
      return;
    }
    fold.count++;
    if (event.time < fold.first_seen) fold.first_seen = event.time;
    if (event.time >= fold.last_seen) {
      fold.last_seen = event.time;
      fold.last_event = describe(event);
    }
  }

  get size(): number {
    return this.folds.size;
  }

  /** Writes the sightings and raises the alerts the telemetry rule allows, in slices the function takes at once. */
  async write(db: ClientBase): Promise<{ inserted: number; updated: number; alerts: number }> {
    const all = [...this.folds.values()];
    const total = { inserted: 0, updated: 0, alerts: 0 };
    for (let at = 0; at < all.length; at += 5000) {
      const { rows } = await db.query<{ inserted: number; updated: number; alerts: number }>(
        'select * from private.record_telemetry_sightings($1::jsonb)',
        [JSON.stringify(all.slice(at, at + 5000))],
      );
      total.inserted += rows[0]!.inserted;
      total.updated += rows[0]!.updated;
      total.alerts += rows[0]!.alerts;
    }
    return total;
  }
}

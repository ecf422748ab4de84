import type { ClientBase } from 'pg';
import type { TelemetryEvent } from '../telemetry/index.js';

/**
 * Event volume per sensor, hour and event type, and each sensor's first and last event: counted in
 * Node as events stream past (millions of events become a few hundred rows) and written once.
 */
export class TelemetryTally {
  private readonly volume = new Map<
    string,
    { sensor: string; bucket: string; type: string; events: number; matched: number }
  >();
  private readonly sensors = new Map<
    string,
    { first: string; last: string; events: number; matched: number }
  >();
  readonly byType = new Map<string, number>();
  events = 0;
  matchedEvents = 0;

  add(event: TelemetryEvent, matched: boolean): void {
    this.events++;
    if (matched) this.matchedEvents++;
    this.byType.set(event.eventType, (this.byType.get(event.eventType) ?? 0) + 1);
    // ISO UTC text: the hour is its first 13 characters, and text order is time order.
    const bucket = `${event.time.slice(0, 13)}:00:00Z`;
    const key = `${event.sensor}\u0000${bucket}\u0000${event.eventType}`;
    let cell = this.volume.get(key);
    if (!cell)
      this.volume.set(
        key,
        (cell = { sensor: event.sensor, bucket, type: event.eventType, events: 0, matched: 0 }),
      );
    cell.events++;
    if (matched) cell.matched++;
    let sensor = this.sensors.get(event.sensor);
    if (!sensor)
      this.sensors.set(
        event.sensor,
        (sensor = { first: event.time, last: event.time, events: 0, matched: 0 }),
      );
    sensor.events++;
    if (matched) sensor.matched++;
    if (event.time < sensor.first) sensor.first = event.time;
    if (event.time > sensor.last) sensor.last = event.time;
  }

  sensorNames(): string[] {
    return [...this.sensors.keys()].sort();
  }

  /** Sensors first: volume rows and sightings reference them. */
  async writeSensors(db: ClientBase, kind: 'suricata' | 'zeek'): Promise<void> {
    const rows = [...this.sensors].map(([name, s]) => ({ name, ...s }));
    if (rows.length === 0) return;
    await db.query(
      `insert into public.sensors as s (name, kind, first_event_at, last_event_at, events, matched_events, last_import_at)
       select x.name, $2, x.first, x.last, x.events, x.matched, now()
         from jsonb_to_recordset($1::jsonb) as x(name text, first timestamptz, last timestamptz, events bigint, matched bigint)
       on conflict (name) do update set
         first_event_at = least(s.first_event_at, excluded.first_event_at),
         last_event_at = greatest(s.last_event_at, excluded.last_event_at),
         events = s.events + excluded.events,
         matched_events = s.matched_events + excluded.matched_events,
         last_import_at = now()`,
      [JSON.stringify(rows), kind],
    );
  }

  async writeVolume(db: ClientBase): Promise<void> {
    const rows = [...this.volume.values()];
    if (rows.length === 0) return;
    await db.query(
      `insert into public.telemetry_volume as v (sensor, bucket, event_type, events, matched)
       select x.sensor, x.bucket, left(x.type, 40), x.events, x.matched
         from jsonb_to_recordset($1::jsonb) as x(sensor text, bucket timestamptz, type text, events bigint, matched bigint)
       on conflict (sensor, bucket, event_type) do update set
         events = v.events + excluded.events, matched = v.matched + excluded.matched`,
      [JSON.stringify(rows)],
    );
  }
}

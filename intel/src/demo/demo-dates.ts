import type { ClientBase } from 'pg';

export interface DemoDatesMoved {
  indicators: number;
  days: number;
}

/**
 * Moves the dates of the indicators this demo load added (first and last seen, validity, and each
 * source's report dates) forward by the time since `asOf`, the day the demo's newest file was taken:
 * they are as old today as they were then. Indicators decay with age, so without this the demo's
 * would have decayed before it is loaded, and its telemetry would raise no alerts. Only what this
 * load created moves (a knowledge base with data of its own keeps its dates); one statement, so a
 * load stopped here moves nothing twice. Nothing lands in the future: a report from later on the
 * snapshot day is moved to now at most.
 */
export async function moveDemoDatesForward(db: ClientBase, asOf: string): Promise<DemoDatesMoved> {
  const { rows } = await db.query<{ indicators: string; days: number }>(
    `with added as (
       select i.id, greatest(i.first_seen, i.last_seen) as seen from public.indicators i
        where i.created_at >= (select started_at from public.demo_dataset_load)
     ), shift as (
       -- From the snapshot day, but never past now: a report from later that day lands at most now.
       select greatest(now() - greatest($1::timestamptz, (select max(seen) from added)), interval '0') as by
     ), moved as (
       update public.indicators i
          set first_seen = i.first_seen + s.by, last_seen = i.last_seen + s.by,
              valid_from = i.valid_from + s.by, valid_until = i.valid_until + s.by
         from shift s
        where i.id in (select id from added)
       returning i.id
     ), reports as (
       update public.indicator_sources x
          set first_seen = x.first_seen + s.by, last_seen = x.last_seen + s.by
         from shift s
        where x.indicator_id in (select id from moved)
       returning 1
     )
     select (select count(*) from moved) as indicators, (select count(*) from reports) as reports,
            extract(day from (select by from shift))::integer as days`,
    [asOf],
  );
  return { indicators: Number(rows[0]!.indicators), days: rows[0]!.days };
}

import type { ClientBase } from 'pg';

/**
 * The one merge every kind of record goes through: staged rows are compared with the model's
 * current rows, new keys are inserted, existing rows are updated only when the record may
 * replace them (`when`, e.g. it is newer) and the merged values differ, and everything else
 * counts as unchanged. One statement per batch, so a batch is all or nothing.
 */
export interface UpsertSpec {
  /** Staging table or subquery, read as `s`. */
  stage: string;
  /** Model table, read as `t` (all columns null when the key is new). */
  target: string;
  /** Key column, same name in both. */
  key: string;
  /** Merged value of each written column, as SQL over `s` and `t`. */
  columns: Record<string, string>;
  /** Whether an existing row may take the merged values (SQL over `s` and `t`). */
  when: string;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export function upsertSql(spec: UpsertSpec): string {
  const names = Object.keys(spec.columns);
  const merged = names.map((n) => `${spec.columns[n]} as ${n}`).join(',\n      ');
  const old = names.map((n) => `t.${n} as old_${n}`).join(', ');
  return `
  with x as (
    select s.${spec.key} as merge_key, t.${spec.key} is null as is_new, coalesce(${spec.when}, false) as may_update,
      ${merged},
      ${old}
    -- One index probe per staged row (OFFSET 0 keeps the planner from hashing the whole table
    -- for every batch, which grows with the table).
    from ${spec.stage} s
    left join lateral (select t.* from ${spec.target} t where t.${spec.key} = s.${spec.key} offset 0) t on true
  ),
  m as (
    select *, not is_new and may_update
      and row(${names.join(', ')}) is distinct from row(${names.map((n) => `old_${n}`).join(', ')}) as changed
    from x
  ),
  ins as (
    insert into ${spec.target} (${spec.key}, ${names.join(', ')})
    select merge_key, ${names.join(', ')} from m where is_new
    on conflict (${spec.key}) do nothing
    returning 1
  ),
  upd as (
    update ${spec.target} t set ${names.map((n) => `${n} = m.${n}`).join(', ')}
    from m
    where t.${spec.key} = any (array(select merge_key from m where changed))
      and m.changed and t.${spec.key} = m.merge_key
    returning 1
  )
  select (select count(*) from ins)::int as inserted, (select count(*) from upd)::int as updated,
         (select count(*) from m)::int as total`;
}

export async function runUpsert(
  db: ClientBase,
  spec: UpsertSpec,
  params: unknown[] = [],
): Promise<UpsertCounts> {
  const { rows } = await db.query<{ inserted: number; updated: number; total: number }>(
    upsertSql(spec),
    params,
  );
  const { inserted, updated, total } = rows[0]!;
  return { inserted, updated, unchanged: total - inserted - updated };
}

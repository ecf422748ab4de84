-- The IOC page's reads: a keyset-paged, filtered list of indicators at millions of rows, its count,
-- and one indicator's reports and links. Every function is security invoker, so RLS decides what a
-- caller sees (TLP:RED only for admins with a verified second factor) exactly as for direct reads.

-- Defanged input (`hxxp://evil[.]com`, `user[@]x(.)com`) read as the importers read it
-- (intel/src/normalise/refang.ts): only the markers change, quotes around a whole value go.
create function private.refang(_value text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    regexp_replace(regexp_replace(
      btrim(btrim(btrim(coalesce(_value, '')), '"''`'), ' '),
      '^h(xx|\*\*)p(s?)(\[?:\]?//)', 'http\2://', 'i'),
      '^fxp(s?)(\[?:\]?//)', 'ftp\1://', 'i'),
      '\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}', '.', 'gi'),
      '\[://\]', '://', 'g'),
      '\[:\]', ':', 'g'),
      '\[@\]|\(@\)|\[at\]|\(at\)|\{at\}', '@', 'gi'),
      '\[/\]', '/', 'g'),
      '^\s+|\s+$', '', 'g')
$$;
comment on function private.refang(text) is 'Undoes defanging (hxxp, [.], (.), [dot], [@], [:], [/]) and trims; the same rules as the importers.';
grant execute on function private.refang(text) to authenticated, service_role;

-- Under RLS, Postgres evaluates a caller's ILIKE (not leakproof) only after the row's policy, so
-- the trigram index goes unused and a substring search scans every row (0.7 s at 1M). This helper
-- finds the matching ids through the indexes as the owner; the caller's query then reads those rows
-- under RLS, so a TLP:RED indicator is never returned to someone who may not read it.
create function private.indicators_matching(_needle text, _cap integer default 100000) returns bigint[]
language sql stable security definer set search_path = '' as $$
  select array(
    select m.id from public.indicators m
     where (char_length(_needle) >= 3 and m.type in ('domain', 'url', 'email')
            and m.value ilike '%' || replace(replace(_needle, '%', '\%'), '_', '\_') || '%')
        or (m.value >= _needle and m.value < _needle || chr(1114111))
     limit _cap)
$$;
comment on function private.indicators_matching(text, integer) is 'Ids of indicators whose value contains (domain, URL, e-mail) or starts with the text, through the indexes; callers re-read them under RLS.';
revoke all on function private.indicators_matching(text, integer) from public, anon;
grant execute on function private.indicators_matching(text, integer) to authenticated, service_role;

-- Keyset pages by (last_seen, id) and (first_seen, id) read an index in order and stop after one page.
-- The last_seen index replaces the single-column one (same write cost); first_seen adds one B-tree
-- to every insert (measured in the bench README).
create index indicators_last_seen_id_idx on public.indicators (last_seen desc nulls last, id desc);
drop index public.indicators_last_seen_idx;
create index indicators_first_seen_id_idx on public.indicators (first_seen desc nulls last, id desc);

create function public.search_indicators(
  _types public.indicator_type[] default null,
  _tlps public.tlp_level[] default null,
  _source_id uuid default null,
  _min_confidence integer default null,
  _seen_since timestamptz default null,
  _seen_until timestamptz default null,
  _malware_id text default null,
  _revoked boolean default null,
  _value text default null,
  _sort text default 'last_seen',
  _after_key text default null,
  _after_id bigint default null,
  _limit integer default 100
)
returns table (
  id bigint,
  type public.indicator_type,
  value text,
  name text,
  confidence smallint,
  tlp public.tlp_level,
  first_seen timestamptz,
  last_seen timestamptz,
  valid_until timestamptz,
  revoked boolean,
  labels text[],
  source_count integer,
  malware text[],
  sort_key text
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle text := nullif(private.refang(_value), '');
  order_by text;
  after text := '';
  key_expr text;
begin
  if _limit is null or _limit < 1 or _limit > 500 then
    raise exception 'The page size must be between 1 and 500.' using errcode = '22023';
  end if;
  if char_length(coalesce(_value, '')) > 500 then
    raise exception 'Search for at most 500 characters.' using errcode = '22023';
  end if;
  case _sort
    when 'last_seen' then
      order_by := 'i.last_seen desc nulls last, i.id desc';
      key_expr := 'i.last_seen';
      if _after_id is not null then
        after := case when _after_key is null
          then 'and i.last_seen is null and i.id < $11'
          else 'and (i.last_seen < $10::timestamptz or i.last_seen is null or (i.last_seen = $10::timestamptz and i.id < $11))' end;
      end if;
    when 'first_seen' then
      order_by := 'i.first_seen desc nulls last, i.id desc';
      key_expr := 'i.first_seen';
      if _after_id is not null then
        after := case when _after_key is null
          then 'and i.first_seen is null and i.id < $11'
          else 'and (i.first_seen < $10::timestamptz or i.first_seen is null or (i.first_seen = $10::timestamptz and i.id < $11))' end;
      end if;
    when 'value' then
      order_by := 'i.value, i.id';
      key_expr := 'i.value';
      if _after_id is not null then
        after := 'and (i.value > $10 or (i.value = $10 and i.id > $11))';
      end if;
    else
      raise exception 'Unknown sort "%": use last_seen, first_seen or value.', _sort using errcode = '22023';
  end case;

  return query execute format($q$
    select i.id, i.type, i.value, i.name, i.confidence, i.tlp, i.first_seen, i.last_seen, i.valid_until,
      i.revoked, i.labels,
      (select count(*)::integer from public.indicator_sources s where s.indicator_id = i.id),
      (select array(select distinct m from public.indicator_sources s, unnest(s.malware) m
                     where s.indicator_id = i.id order by m limit 3)),
      %s::text
    from %s
    where ($1::public.indicator_type[] is null or i.type = any ($1))
      and ($2::public.tlp_level[] is null or i.tlp = any ($2))
      and ($3::uuid is null or exists (select 1 from public.indicator_sources s where s.source_id = $3 and s.indicator_id = i.id))
      and ($4::integer is null or i.confidence >= $4)
      and ($5::timestamptz is null or i.last_seen >= $5)
      and ($6::timestamptz is null or i.last_seen < $6)
      and ($7::text is null or i.stix_id in (
            select r.source_ref from public.relationships r
             where r.target_ref = $7 and r.relationship_type = 'indicates'))
      and ($8::boolean is null or i.revoked = $8)
      %s
    order by %s
    limit $12
  $q$, key_expr,
    -- A value search starts from its matches (an index each) and sorts them; otherwise the sort's
    -- index is read in order and stops after one page.
    case when needle is null then 'public.indicators i'
      else '(select unnest(private.indicators_matching($9)) as id) m join public.indicators i on i.id = m.id' end,
    after, order_by)
  using _types, _tlps, _source_id, _min_confidence, _seen_since, _seen_until, _malware_id, _revoked,
    needle, _after_key, _after_id, _limit;
end
$$;
comment on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer) is
  'The IOC list: filters (type, TLP, source, minimum confidence, last-seen window, malware stix id, revoked, value: substring for domain/URL/e-mail, prefix otherwise, defanged accepted, the first 100,000 matches), sort last_seen | first_seen | value, keyset pages (pass the last row''s sort_key and id); RLS applies.';
revoke all on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer) from public, anon;
grant execute on function public.search_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text, text, text, bigint, integer) to authenticated, service_role;

-- How many match: an exact count up to 100,000, beyond that the planner's estimate of the same
-- filtered query as the caller would run it (RLS applied, so TLP:RED rows an analyst cannot read are
-- not counted). Counting a million rows exactly would take a second on every filter change.
create function public.count_indicators(
  _types public.indicator_type[] default null,
  _tlps public.tlp_level[] default null,
  _source_id uuid default null,
  _min_confidence integer default null,
  _seen_since timestamptz default null,
  _seen_until timestamptz default null,
  _malware_id text default null,
  _revoked boolean default null,
  _value text default null
)
returns table (total bigint, exact boolean)
-- volatile: it runs EXPLAIN, which Postgres allows only there.
language plpgsql volatile security invoker set search_path = '' as $$
declare
  cap constant bigint := 100000;
  needle text := nullif(private.refang(_value), '');
  conditions text;
  source text;
  counted bigint;
  plan jsonb;
begin
  conditions := concat_ws(' and ', 'true',
    case when _types is not null then format('i.type = any (%L::public.indicator_type[])', _types) end,
    case when _tlps is not null then format('i.tlp = any (%L::public.tlp_level[])', _tlps) end,
    case when _source_id is not null then format(
      'exists (select 1 from public.indicator_sources s where s.source_id = %L and s.indicator_id = i.id)', _source_id) end,
    case when _min_confidence is not null then format('i.confidence >= %s', _min_confidence) end,
    case when _seen_since is not null then format('i.last_seen >= %L::timestamptz', _seen_since) end,
    case when _seen_until is not null then format('i.last_seen < %L::timestamptz', _seen_until) end,
    case when _malware_id is not null then format(
      'i.stix_id in (select r.source_ref from public.relationships r where r.target_ref = %L and r.relationship_type = ''indicates'')',
      _malware_id) end,
    case when _revoked is not null then format('i.revoked = %L', _revoked) end,
    null);
  source := case when needle is null then 'public.indicators i' else format(
    '(select unnest(private.indicators_matching(%L, %s)) as id) m join public.indicators i on i.id = m.id', needle, cap + 1) end;
  execute format('select count(*) from (select 1 from %s where %s limit %s) c', source, conditions, cap + 1)
    into counted;
  if counted <= cap then
    return query select counted, true;
    return;
  end if;
  execute format('explain (format json) select 1 from %s where %s', source, conditions) into plan;
  return query select greatest((plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint, cap + 1), false;
end
$$;
comment on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text) is
  'How many indicators match the IOC filters: exact up to 100,000, else the planner''s estimate of the same query (exact = false); RLS applies.';
revoke all on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text) from public, anon;
grant execute on function public.count_indicators(public.indicator_type[], public.tlp_level[], uuid, integer, timestamptz, timestamptz, text, boolean, text) to authenticated, service_role;

create function public.indicator_reports(_indicator_id bigint)
returns table (
  source_id uuid,
  source_name text,
  reliability public.source_reliability,
  external_id text,
  reference text,
  first_seen timestamptz,
  last_seen timestamptz,
  confidence smallint,
  tlp public.tlp_level,
  malware text[],
  import_run_id bigint
)
language sql stable security invoker set search_path = '' as $$
  select s.source_id, src.name, src.reliability, s.source_ref, s.reference, s.first_seen, s.last_seen, s.confidence,
         s.tlp, s.malware, s.import_run_id
    from public.indicator_sources s
    join public.sources src on src.id = s.source_id
   where s.indicator_id = _indicator_id
   order by s.last_seen desc nulls last, src.name
$$;
comment on function public.indicator_reports(bigint) is 'Every source''s report of one indicator (its own dates, id, reference, confidence, TLP), newest first; RLS applies.';
revoke all on function public.indicator_reports(bigint) from public, anon;
grant execute on function public.indicator_reports(bigint) to authenticated, service_role;

create function public.indicator_relations(_indicator_id bigint)
returns table (relationship_type text, stix_id text, type text, name text, direction text)
language sql stable security invoker set search_path = '' as $$
  select r.relationship_type, o.stix_id, o.type, o.name, 'out'
    from public.indicators i
    join public.relationships r on r.source_ref = i.stix_id and not r.revoked
    join public.intel_objects o on o.stix_id = r.target_ref
   where i.id = _indicator_id
  union all
  select r.relationship_type, o.stix_id, o.type, o.name, 'in'
    from public.indicators i
    join public.relationships r on r.target_ref = i.stix_id and not r.revoked
    join public.intel_objects o on o.stix_id = r.source_ref
   where i.id = _indicator_id
  order by 1, 4
$$;
comment on function public.indicator_relations(bigint) is 'The malware, actors and campaigns one indicator is linked to, both directions; RLS applies.';
revoke all on function public.indicator_relations(bigint) from public, anon;
grant execute on function public.indicator_relations(bigint) to authenticated, service_role;

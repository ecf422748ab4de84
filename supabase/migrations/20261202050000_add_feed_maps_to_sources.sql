-- Any feed without code (issue 30 §3): a source can carry a feed map, the declarative description of
-- how its CSV or JSON becomes indicators (intel/src/formats/mapped/feed-map.ts). The importer and the
-- app's map builder check a map with the same zod schema; the database checks it again here, so a map
-- that reaches a source is one the importer can read. Administrators with MFA set it through a
-- checked RPC, recorded as a source_changed security event like every other source change.

-- The map's problem in plain words, or null when it is a valid map. Mirrors feedMapSchema.
create function private.feed_map_problem(_map jsonb)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  _format text := coalesce(_map ->> 'format', 'csv');
  _header boolean;
  _fields jsonb := _map -> 'fields';
  _types text[] := enum_range(null::public.indicator_type)::text[];
  _key text;
  _ref jsonb;
  _type jsonb;
  _value jsonb;
begin
  if jsonb_typeof(_map) is distinct from 'object' then return 'the map is a JSON object'; end if;
  if octet_length(_map::text) > 65536 then return 'the map is larger than 64 KB'; end if;
  select k into _key from jsonb_object_keys(_map) k
   where k not in ('format', 'delimiter', 'header', 'records', 'list_separator', 'fields') limit 1;
  if _key is not null then return format('unknown key "%s"', left(_key, 60)); end if;
  if jsonb_typeof(_map -> 'format') not in ('string') or _format not in ('csv', 'json') then
    return 'format is "csv" or "json"';
  end if;
  if _map ? 'delimiter' and (jsonb_typeof(_map -> 'delimiter') <> 'string'
      or char_length(_map ->> 'delimiter') <> 1 or _map ->> 'delimiter' in ('"', E'\n', E'\r')) then
    return 'delimiter is one character (not a quote or a line break)';
  end if;
  if _map ? 'header' and jsonb_typeof(_map -> 'header') <> 'boolean' then return 'header is true or false'; end if;
  _header := coalesce((_map ->> 'header')::boolean, true);
  if _map ? 'records' and (_format <> 'json' or jsonb_typeof(_map -> 'records') <> 'string'
      or char_length(_map ->> 'records') > 200) then
    return 'records is a dotted path (at most 200 characters), for JSON maps only';
  end if;
  if _map ? 'list_separator' and (jsonb_typeof(_map -> 'list_separator') <> 'string'
      or char_length(_map ->> 'list_separator') not between 1 and 3) then
    return 'list_separator is 1 to 3 characters';
  end if;
  if jsonb_typeof(_fields) is distinct from 'object' then return 'fields is missing'; end if;
  select k into _key from jsonb_object_keys(_fields) k
   where k not in ('value', 'type', 'first_seen', 'last_seen', 'description', 'malware', 'labels', 'confidence', 'tlp') limit 1;
  if _key is not null then return format('fields: unknown key "%s"', left(_key, 60)); end if;
  if not _fields ? 'value' then return 'fields.value is missing'; end if;
  if not _fields ? 'type' then return 'fields.type is missing'; end if;
  _type := _fields -> 'type';
  if jsonb_typeof(_type) = 'string' then
    if not (_type #>> '{}') = any(_types) then return format('"%s" is not an indicator type', left(_type #>> '{}', 60)); end if;
  elsif jsonb_typeof(_type) = 'object' then
    select k into _key from jsonb_object_keys(_type) k where k not in ('column', 'values') limit 1;
    if _key is not null then return format('fields.type: unknown key "%s"', left(_key, 60)); end if;
    if not _type ? 'column' then return 'fields.type.column is missing'; end if;
    if _type ? 'values' then
      if jsonb_typeof(_type -> 'values') <> 'object' then return 'fields.type.values is an object'; end if;
      for _key, _value in select * from jsonb_each(_type -> 'values') loop
        if char_length(_key) > 200 or jsonb_typeof(_value) <> 'string' or not (_value #>> '{}') = any(_types) then
          return format('fields.type.values: "%s" is not an indicator type', left(_value #>> '{}', 60));
        end if;
      end loop;
    end if;
  else
    return 'fields.type is an indicator type or {"column": …, "values": {…}}';
  end if;
  for _key, _ref in
    select f.key, case when f.key = 'type' then f.value -> 'column' else f.value end
      from jsonb_each(_fields) f where not (f.key = 'type' and jsonb_typeof(f.value) = 'string') loop
    if jsonb_typeof(_ref) = 'string' then
      if btrim(_ref #>> '{}') = '' or char_length(_ref #>> '{}') > 200 then
        return format('fields.%s: a column name is 1 to 200 characters', _key);
      end if;
      if _format = 'csv' and not _header then
        return format('fields.%s: the file has no header, so a column is named by its number', _key);
      end if;
    elsif jsonb_typeof(_ref) = 'number' then
      if _format = 'json' then return format('fields.%s: a JSON map names keys, not column numbers', _key); end if;
      if (_ref #>> '{}')::numeric <> floor((_ref #>> '{}')::numeric) or (_ref #>> '{}')::numeric not between 1 and 10000 then
        return format('fields.%s: a column number is a whole number from 1', _key);
      end if;
    else
      return format('fields.%s: a column is a header name or a number from 1', _key);
    end if;
  end loop;
  return null;
end
$$;
comment on function private.feed_map_problem(jsonb) is
  'Why a feed map is not valid, in plain words, or null when it is (mirrors intel/src/formats/mapped/feed-map.ts).';

alter table public.sources
  add column feed_map jsonb constraint sources_feed_map_valid check (private.feed_map_problem(feed_map) is null or feed_map is null);
comment on column public.sources.feed_map is
  'For a csv-map or json-map source: how its rows become indicators (columns for value, type, dates, labels …); set through set_source_feed_map.';

-- Administrators with MFA attach a map to a source (its format becomes csv-map or json-map) or take
-- it off (null). A refusal is explicit (42501, 22023 with the map's problem); each change is recorded.
create function public.set_source_feed_map(_id uuid, _map jsonb)
returns table (id uuid, format text, feed_map jsonb, updated_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _before public.sources;
  _after public.sources;
  _problem text;
begin
  if ((select auth.jwt()) ->> 'role') is distinct from 'service_role' and not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can change sources' using errcode = '42501';
  end if;
  select * into _before from public.sources s where s.id = _id for update;
  if not found then
    raise exception 'No such source' using errcode = '22023';
  end if;
  if _map is not null and jsonb_typeof(_map) <> 'null' then
    _problem := private.feed_map_problem(_map);
    if _problem is not null then
      raise exception 'The map is not valid: %', _problem using errcode = '22023';
    end if;
    update public.sources s
       set feed_map = _map,
           format = case when coalesce(_map ->> 'format', 'csv') = 'json' then 'json-map' else 'csv-map' end
     where s.id = _id
    returning * into _after;
  else
    update public.sources s
       set feed_map = null,
           format = case when s.format in ('csv-map', 'json-map') then null else s.format end
     where s.id = _id
    returning * into _after;
  end if;
  if _after.feed_map is distinct from _before.feed_map or _after.format is distinct from _before.format then
    perform private.record_security_event(
      'source_changed',
      jsonb_build_object('source_id', _after.id, 'source', _after.name, 'changes', jsonb_build_object(
        'feed_map', jsonb_build_object('from', _before.feed_map, 'to', _after.feed_map),
        'format', jsonb_build_object('from', _before.format, 'to', _after.format))),
      (select auth.uid()));
  end if;
  return query select _after.id, _after.format, _after.feed_map, _after.updated_at;
end
$$;
comment on function public.set_source_feed_map(uuid, jsonb) is
  'Attaches a feed map to a source (format csv-map or json-map) or takes it off (null); admins with MFA only; the map is checked by private.feed_map_problem; each change is a source_changed security event.';
revoke all on function public.set_source_feed_map(uuid, jsonb) from public, anon;
grant execute on function public.set_source_feed_map(uuid, jsonb) to authenticated, service_role;

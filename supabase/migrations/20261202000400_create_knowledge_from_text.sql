-- From text to knowledge (issue 29 §2): the app extracts indicators from a pasted report (the
-- ioc-classify function, then @intel/canonical as the importers canonicalise) and candidate names
-- and ATT&CK ids; match_known_entities names the known objects among them; the analyst reviews the
-- draft, and create_knowledge_from_text stores it in one transaction: the indicators (as the analyst:
-- the canonical check, RLS and the insert path of 20261201200000+ apply), each linked by `indicates`
-- to the chosen objects, and optionally a report covering the objects and the indicators. The
-- hunting page promotes unknown values through the same function.

create function public.match_known_entities(_names text[], _external_ids text[] default '{}')
returns table (stix_id text, type text, name text, matched text)
language sql stable security invoker set search_path = '' as $$
  -- lookup_names holds the lower-case name and aliases (GIN): one probe for all the candidates.
  with wanted as (
    select array(select distinct lower(btrim(n)) from unnest(coalesce(_names, '{}')) n
                  where char_length(btrim(n)) between 3 and 200 limit 100000) as names,
           array(select distinct upper(btrim(x)) from unnest(coalesce(_external_ids, '{}')) x
                  where btrim(x) ~* '^(T\d{4}(\.\d{3})?|G\d{4}|S\d{4}|C\d{4})$' limit 10000) as ids
  )
  select o.stix_id, o.type, o.name,
         coalesce((select n from unnest(o.lookup_names) n where n = any (w.names) order by char_length(n) desc limit 1),
                  (select x from unnest(o.external_ids) x where x = any (w.ids) limit 1))
    from public.intel_objects o, wanted w
   where (o.lookup_names && w.names or o.external_ids && w.ids)
     and o.type in ('intrusion-set', 'threat-actor', 'malware', 'tool', 'campaign', 'attack-pattern')
     and o.merged_into is null and not o.revoked
   order by o.type, o.name
   limit 500
$$;
comment on function public.match_known_entities(text[], text[]) is
  'The known actors, intrusion sets, malware, tools, campaigns and ATT&CK techniques among candidate names (matched on names and aliases, any case) and ids (T1059, T1059.001, G0007, S0154); RLS applies; at most 500.';
revoke all on function public.match_known_entities(text[], text[]) from public, anon;
grant execute on function public.match_known_entities(text[], text[]) to authenticated;

create function public.create_knowledge_from_text(
  _indicators jsonb,
  _object_ids text[] default '{}',
  _tlp public.tlp_level default 'amber',
  _red_audience uuid[] default '{}',
  _confidence smallint default 50,
  _report_name text default null,
  _description text default null
) returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _item jsonb;
  _type public.indicator_type;
  _value text;
  _stix text;
  _ids text[] := '{}';
  _created integer := 0;
  _linked integer := 0;
  _object text;
  _report text;
  _now timestamptz := now();
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to add knowledge.' using errcode = '42501';
  end if;
  if _indicators is null or jsonb_typeof(_indicators) <> 'array' then
    raise exception 'Give the indicators as a list of {type, value}.' using errcode = '22023';
  end if;
  if jsonb_array_length(_indicators) > 5000 then
    raise exception 'At most 5,000 indicators at a time.' using errcode = '22023';
  end if;
  if cardinality(coalesce(_object_ids, '{}')) > 100 then
    raise exception 'Link at most 100 objects at a time.' using errcode = '22023';
  end if;
  if jsonb_array_length(_indicators) = 0 and cardinality(coalesce(_object_ids, '{}')) = 0 then
    raise exception 'Nothing to add: choose indicators or objects.' using errcode = '22023';
  end if;
  -- The objects must be readable (RLS): hidden and absent read alike.
  select o into _object from unnest(coalesce(_object_ids, '{}')) o
   where not exists (select 1 from public.intel_objects x where x.stix_id = o) limit 1;
  if _object is not null then
    raise exception 'No object you can read has the id %.', left(_object, 300) using errcode = '22023';
  end if;

  for _item in select * from jsonb_array_elements(_indicators) loop
    begin
      _type := (_item ->> 'type')::public.indicator_type;
    exception when invalid_text_representation then
      raise exception 'Unknown indicator type "%".', left(_item ->> 'type', 40) using errcode = '22023';
    end;
    _value := _item ->> 'value';
    if _value is null or not private.indicator_value_is_canonical(_type, _value) then
      raise exception 'Not a canonical % value: %', _type, left(coalesce(_value, ''), 200)
        using errcode = '22023', hint = 'Refang it and write it lower-case (IDNA for names, RFC 5952 for IPv6).';
    end if;
    _stix := private.indicator_stix_id(_type, _value);
    if not exists (select 1 from public.indicators i where i.stix_id = _stix) then
      -- The analysts' insert path: canonical check, clearance, RED audience, and a value hidden
      -- from the caller handled as a new one (20261201200400).
      insert into public.indicators (type, value, tlp, confidence, description, red_audience, first_seen, last_seen)
      values (_type, _value, _tlp, _confidence, coalesce(_description, ''), case when _tlp = 'red' then _red_audience else '{}' end,
              _now, _now);
      _created := _created + 1;
    end if;
    _ids := _ids || _stix;
  end loop;

  foreach _object in array coalesce(_object_ids, '{}') loop
    insert into public.relationships (relationship_type, source_ref, target_ref, tlp, red_audience)
    select 'indicates', i.stix_id, _object, _tlp, case when _tlp = 'red' then _red_audience else '{}' end
      from public.indicators i
     where i.stix_id = any (_ids)
       and not exists (select 1 from public.relationships r
                        where r.source_ref = i.stix_id and r.target_ref = _object and r.relationship_type = 'indicates');
    _linked := _linked + (select count(*) from public.indicators i where i.stix_id = any (_ids));
  end loop;

  if nullif(btrim(coalesce(_report_name, '')), '') is not null then
    insert into public.intel_objects (type, name, description, tlp, red_audience, object_refs)
    values ('report', btrim(_report_name), _description, _tlp, case when _tlp = 'red' then _red_audience else '{}' end,
            (select array(select distinct x from unnest(coalesce(_object_ids, '{}') || _ids) x)))
    returning stix_id into _report;
  end if;

  return jsonb_build_object('indicators', cardinality(_ids), 'created', _created, 'links', _linked, 'report', _report);
end
$$;
comment on function public.create_knowledge_from_text(jsonb, text[], public.tlp_level, uuid[], smallint, text, text) is
  'Stores a reviewed draft in one transaction, as the caller: canonical indicators ({type, value}: new ones added at the TLP given), each linked by indicates to the chosen objects (readable ones only), and optionally a report covering them; all or nothing.';
revoke all on function public.create_knowledge_from_text(jsonb, text[], public.tlp_level, uuid[], smallint, text, text) from public, anon;
grant execute on function public.create_knowledge_from_text(jsonb, text[], public.tlp_level, uuid[], smallint, text, text) to authenticated;

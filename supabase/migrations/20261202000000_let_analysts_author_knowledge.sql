-- Analysts author knowledge (issue 29 §2): intrusion sets, threat actors, malware, tools, campaigns
-- and reports, and the relationships between any two objects they can read, through REST with the
-- typed columns only. The database sets `created_by`, builds the STIX 2.1 object (id, spec_version,
-- created/modified, TLP marking) and keeps it in step when an analyst edits a field, imported
-- objects included. Edited fields are remembered (`edited_fields`): a later import keeps the
-- analyst's value and the object's history says so (20261202000100).
--
-- Writers are told apart by the statement's role: a signed-in user writing through REST or an
-- invoker function runs as `authenticated` and is an analyst; importers (the service role, the
-- database owner) and checked security-definer functions are never held to these rules, whatever
-- claims the session carries (as 20261201200500 decides).

-- ── Columns ──────────────────────────────────────────────────────────────────────────────────────
alter table public.intel_objects
  add column object_refs text[] not null default '{}'
    check (cardinality(object_refs) <= 10000),
  add column edited_fields text[] not null default '{}';
comment on column public.intel_objects.object_refs is
  'For a report written here: the STIX ids of the objects it covers (STIX 2.1 report object_refs).';
comment on column public.intel_objects.edited_fields is
  'Fields an analyst changed by hand; an import keeps the analyst''s value of these and records that in object_history.';

alter table public.relationships add column edited_fields text[] not null default '{}';
comment on column public.relationships.edited_fields is
  'Fields an analyst changed by hand; an import keeps the analyst''s value of these and records that in object_history.';

-- ── Allowed relationships ────────────────────────────────────────────────────────────────────────
-- STIX 2.1 (OASIS Standard, 10 June 2021), the "Relationships" table of each SDO in section 4 and
-- the relationship summary in Appendix B ("STIX Relationship Types"): which relationship_type may
-- join which source type to which target type. The common types of section 5.1.1 (related-to
-- between any two objects; derived-from and duplicate-of between objects of the same type) are
-- allowed by private.relationship_allowed without rows here.
-- https://docs.oasis-open.org/cti/stix/v2.1/os/stix-v2.1-os.html#_cvhfwe3t9vuo
create table public.relationship_type_rules (
  source_type text not null check (source_type ~ '^[a-z0-9-]{1,64}$'),
  relationship_type text not null check (relationship_type ~ '^[a-z0-9-]{1,64}$'),
  target_type text not null check (target_type ~ '^[a-z0-9-]{1,64}$'),
  primary key (source_type, relationship_type, target_type)
);
comment on table public.relationship_type_rules is
  'The STIX 2.1 relationship summary: which relationship type may join which source type to which target type (related-to, derived-from and duplicate-of are allowed besides, per STIX 2.1 section 5.1.1).';
comment on column public.relationship_type_rules.source_type is 'STIX type of the source object.';
comment on column public.relationship_type_rules.relationship_type is 'STIX relationship type.';
comment on column public.relationship_type_rules.target_type is 'STIX type of the target object.';
alter table public.relationship_type_rules enable row level security;
grant select on public.relationship_type_rules to authenticated;
grant all on public.relationship_type_rules to service_role;
create policy "Signed-in users read the allowed relationship types" on public.relationship_type_rules
  for select to authenticated using (true);

insert into public.relationship_type_rules (source_type, relationship_type, target_type)
select s, r, t from (values
  -- 4.1 Attack Pattern
  ('attack-pattern', 'delivers', '{malware}'),
  ('attack-pattern', 'targets', '{identity,location,vulnerability}'),
  ('attack-pattern', 'uses', '{malware,tool}'),
  -- 4.2 Campaign
  ('campaign', 'attributed-to', '{intrusion-set,threat-actor}'),
  ('campaign', 'compromises', '{infrastructure}'),
  ('campaign', 'originates-from', '{location}'),
  ('campaign', 'targets', '{identity,location,vulnerability}'),
  ('campaign', 'uses', '{attack-pattern,infrastructure,malware,tool}'),
  -- 4.3 Course of Action
  ('course-of-action', 'investigates', '{indicator}'),
  ('course-of-action', 'mitigates', '{attack-pattern,indicator,malware,tool,vulnerability}'),
  ('course-of-action', 'remediates', '{malware,vulnerability}'),
  -- 4.5 Identity
  ('identity', 'located-at', '{location}'),
  -- 4.7 Indicator
  ('indicator', 'indicates', '{attack-pattern,campaign,infrastructure,intrusion-set,malware,threat-actor,tool}'),
  ('indicator', 'based-on', '{observed-data}'),
  -- 4.8 Infrastructure
  ('infrastructure', 'communicates-with', '{infrastructure,ipv4-addr,ipv6-addr,domain-name,url}'),
  ('infrastructure', 'consists-of', '{infrastructure,observed-data}'),
  ('infrastructure', 'controls', '{infrastructure,malware}'),
  ('infrastructure', 'delivers', '{malware}'),
  ('infrastructure', 'has', '{vulnerability}'),
  ('infrastructure', 'hosts', '{tool,malware}'),
  ('infrastructure', 'located-at', '{location}'),
  ('infrastructure', 'uses', '{infrastructure}'),
  -- 4.9 Intrusion Set
  ('intrusion-set', 'attributed-to', '{threat-actor}'),
  ('intrusion-set', 'compromises', '{infrastructure}'),
  ('intrusion-set', 'hosts', '{infrastructure}'),
  ('intrusion-set', 'owns', '{infrastructure}'),
  ('intrusion-set', 'originates-from', '{location}'),
  ('intrusion-set', 'targets', '{identity,location,vulnerability}'),
  ('intrusion-set', 'uses', '{attack-pattern,infrastructure,malware,tool}'),
  -- 4.11 Malware
  ('malware', 'authored-by', '{threat-actor,intrusion-set}'),
  ('malware', 'beacons-to', '{infrastructure}'),
  ('malware', 'exfiltrates-to', '{infrastructure}'),
  ('malware', 'communicates-with', '{ipv4-addr,ipv6-addr,domain-name,url}'),
  ('malware', 'controls', '{malware}'),
  ('malware', 'downloads', '{malware,tool,file}'),
  ('malware', 'drops', '{malware,tool,file}'),
  ('malware', 'exploits', '{vulnerability}'),
  ('malware', 'originates-from', '{location}'),
  ('malware', 'targets', '{identity,infrastructure,location,vulnerability}'),
  ('malware', 'uses', '{attack-pattern,infrastructure,malware,tool}'),
  ('malware', 'variant-of', '{malware}'),
  -- 4.12 Malware Analysis
  ('malware-analysis', 'characterizes', '{malware}'),
  ('malware-analysis', 'analysis-of', '{malware}'),
  ('malware-analysis', 'static-analysis-of', '{malware}'),
  ('malware-analysis', 'dynamic-analysis-of', '{malware}'),
  -- 4.16 Threat Actor
  ('threat-actor', 'attributed-to', '{identity}'),
  ('threat-actor', 'compromises', '{infrastructure}'),
  ('threat-actor', 'hosts', '{infrastructure}'),
  ('threat-actor', 'owns', '{infrastructure}'),
  ('threat-actor', 'impersonates', '{identity}'),
  ('threat-actor', 'located-at', '{location}'),
  ('threat-actor', 'targets', '{identity,location,vulnerability}'),
  ('threat-actor', 'uses', '{attack-pattern,infrastructure,malware,tool}'),
  -- 4.17 Tool
  ('tool', 'delivers', '{malware}'),
  ('tool', 'drops', '{malware}'),
  ('tool', 'has', '{vulnerability}'),
  ('tool', 'targets', '{identity,infrastructure,location,vulnerability}'),
  ('tool', 'uses', '{infrastructure}')
) as rules (s, r, ts), unnest(ts::text[]) as t;

create function private.relationship_allowed(_source_type text, _relationship_type text, _target_type text)
returns boolean
language sql stable set search_path = '' as $$
  select _relationship_type = 'related-to'
      or (_relationship_type in ('derived-from', 'duplicate-of') and _source_type = _target_type)
      or exists (select 1 from public.relationship_type_rules r
                  where r.source_type = _source_type and r.relationship_type = _relationship_type
                    and r.target_type = _target_type)
$$;
comment on function private.relationship_allowed(text, text, text) is
  'Whether STIX 2.1 allows this relationship type from this source type to this target type (the summary table plus the common types of section 5.1.1).';
revoke all on function private.relationship_allowed(text, text, text) from public, anon;
grant execute on function private.relationship_allowed(text, text, text) to authenticated, service_role;

-- ── The STIX object of an analyst's row ──────────────────────────────────────────────────────────
-- STIX 2.1 common properties (section 3.2) and each SDO's required ones: malware's is_family
-- (4.11), a report's published and object_refs (4.14); markings as object_marking_refs to the TLP
-- 2.0 marking definitions (private.tlp_marking_ref). Custom properties already in `stix` (an
-- imported object's) are kept; the typed fields win.
create function private.stix_of_intel_object(_row public.intel_objects) returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  _stix jsonb := coalesce(_row.stix, '{}'::jsonb)
    - array['name', 'description', 'aliases', 'labels', 'confidence', 'object_refs'];
  _ts constant text := 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
begin
  _stix := _stix || jsonb_build_object(
    'type', _row.type,
    'spec_version', '2.1',
    'id', _row.stix_id,
    'created', to_char(coalesce(_row.created, now()) at time zone 'UTC', _ts),
    'modified', to_char(coalesce(_row.modified, now()) at time zone 'UTC', _ts),
    'revoked', _row.revoked,
    'object_marking_refs', jsonb_build_array(private.tlp_marking_ref(_row.tlp))
  ) || jsonb_strip_nulls(jsonb_build_object(
    'name', _row.name,
    'description', _row.description,
    'aliases', case when cardinality(_row.aliases) > 0
                     and _row.type in ('intrusion-set', 'threat-actor', 'malware', 'tool', 'campaign')
                    then to_jsonb(_row.aliases) end,
    'labels', case when cardinality(_row.labels) > 0 then to_jsonb(_row.labels) end,
    'confidence', _row.confidence,
    'object_refs', case when _row.type = 'report' then to_jsonb(_row.object_refs) end
  ));
  if _row.type = 'malware' and not _stix ? 'is_family' then
    _stix := _stix || '{"is_family": true}'::jsonb;
  end if;
  if _row.type = 'report' and not _stix ? 'published' then
    _stix := _stix || jsonb_build_object('published', _stix -> 'created');
  end if;
  if _row.created_by is not null and not _stix ? 'x_created_by_user' then
    -- The platform user who wrote it (the analyst has no STIX identity of their own here).
    _stix := _stix || jsonb_build_object('x_created_by_user', _row.created_by);
  end if;
  return _stix;
end
$$;
comment on function private.stix_of_intel_object(public.intel_objects) is
  'The STIX 2.1 object of a knowledge object from its typed columns (custom properties of the stored object kept).';
revoke all on function private.stix_of_intel_object(public.intel_objects) from public, anon;
grant execute on function private.stix_of_intel_object(public.intel_objects) to authenticated, service_role;

create function private.stix_of_relationship(_row public.relationships) returns jsonb
language sql stable set search_path = '' as $$
  select (coalesce(_row.stix, '{}'::jsonb) - array['description', 'start_time', 'stop_time', 'confidence'])
    || jsonb_build_object(
      'type', 'relationship', 'spec_version', '2.1', 'id', _row.stix_id,
      'created', to_char(coalesce(_row.created, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'modified', to_char(coalesce(_row.modified, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'relationship_type', _row.relationship_type, 'source_ref', _row.source_ref, 'target_ref', _row.target_ref,
      'revoked', _row.revoked,
      'object_marking_refs', jsonb_build_array(private.tlp_marking_ref(_row.tlp)))
    || jsonb_strip_nulls(jsonb_build_object(
      'description', _row.description,
      'start_time', to_char(_row.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'stop_time', to_char(_row.stop_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'confidence', _row.confidence))
$$;
comment on function private.stix_of_relationship(public.relationships) is
  'The STIX 2.1 relationship object of a relationship row from its typed columns.';
revoke all on function private.stix_of_relationship(public.relationships) from public, anon;
grant execute on function private.stix_of_relationship(public.relationships) to authenticated, service_role;

-- ── Fields an analyst may edit, and what an import may not overwrite ─────────────────────────────
create function private.changed_fields(_old jsonb, _new jsonb, _fields text[]) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(f order by f), '{}') from unnest(_fields) f
   where _old -> f is distinct from _new -> f
$$;
comment on function private.changed_fields(jsonb, jsonb, text[]) is 'Which of these fields differ between two row images.';
revoke all on function private.changed_fields(jsonb, jsonb, text[]) from public, anon;
grant execute on function private.changed_fields(jsonb, jsonb, text[]) to authenticated, service_role;

create function private.authored_object_fields() returns text[]
language sql immutable set search_path = '' as $$
  select array['name', 'description', 'aliases', 'external_ids', 'labels', 'confidence', 'tlp', 'red_audience',
               'revoked', 'object_refs']
$$;
comment on function private.authored_object_fields() is 'The fields of a knowledge object an analyst edits (and an import then keeps).';
revoke all on function private.authored_object_fields() from public, anon;
grant execute on function private.authored_object_fields() to authenticated, service_role;

create function private.authored_relationship_fields() returns text[]
language sql immutable set search_path = '' as $$
  select array['relationship_type', 'description', 'start_time', 'stop_time', 'confidence', 'tlp', 'red_audience',
               'revoked']
$$;
comment on function private.authored_relationship_fields() is 'The fields of a relationship an analyst edits (and an import then keeps).';
revoke all on function private.authored_relationship_fields() from public, anon;
grant execute on function private.authored_relationship_fields() to authenticated, service_role;

-- ── Knowledge objects ────────────────────────────────────────────────────────────────────────────
create function private.author_intel_object() returns trigger
language plpgsql set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _kept text[];
  _f text;
  _newj jsonb;
begin
  if tg_op = 'UPDATE' and new.created_by is distinct from old.created_by and new.created_by is not null then
    raise exception 'The author of a knowledge object does not change.' using errcode = '42501';
  end if;
  -- merge_intel_objects (20261202000300) rewrites rows of its own accord, as the table owner.
  if current_setting('cti.merging', true) = 'on' and current_user <> 'authenticated' then
    return new;
  end if;
  if current_user <> 'authenticated' then
    -- An import (or a job): it never silently overwrites what an analyst edited.
    if tg_op = 'UPDATE' and cardinality(old.edited_fields) > 0 then
      _newj := to_jsonb(new);
      _kept := private.changed_fields(to_jsonb(old), _newj, old.edited_fields);
      if cardinality(_kept) > 0 then
        new := jsonb_populate_record(new, (select jsonb_object_agg(k, to_jsonb(old) -> k) from unnest(_kept) k));
        new.edited_fields := old.edited_fields;
        new.stix := private.stix_of_intel_object(new);
        perform private.record_kept_fields('object', new.stix_id, _kept, to_jsonb(old), _newj);
      end if;
    end if;
    return new;
  end if;

  -- An analyst's new object is built here from the typed columns (the id too: 20261201200500).
  -- A whole STIX object replacing a stored one (TAXII's add-objects) is kept as given when it is
  -- the same object.
  if tg_op = 'INSERT' and new.stix is not null and new.stix <> '{}'::jsonb then
    raise exception 'The database builds the STIX object of what an analyst writes: give the typed columns only.'
      using errcode = '22023';
  elsif tg_op = 'UPDATE' and new.stix is distinct from old.stix then
    if new.stix ->> 'id' is distinct from new.stix_id or new.stix ->> 'type' is distinct from new.type then
      raise exception 'The STIX object''s id and type must be the row''s stix_id and type.' using errcode = '22023';
    end if;
    return new;
  end if;

  if new.type not in ('intrusion-set', 'threat-actor', 'malware', 'tool', 'campaign', 'report') then
    raise exception 'Analysts write intrusion sets, threat actors, malware, tools, campaigns and reports; not "%".',
      left(new.type, 64) using errcode = '22023';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'A % needs a name.', new.type using errcode = '22023';
  end if;
  new.name := btrim(new.name);
  new.aliases := array(select distinct on (lower(btrim(a))) btrim(a) from unnest(new.aliases) a
                        where btrim(a) <> '' and lower(btrim(a)) <> lower(new.name));
  if cardinality(new.aliases) > 200 then
    raise exception 'At most 200 aliases.' using errcode = '22023';
  end if;
  if new.type = 'report' then
    if cardinality(new.object_refs) = 0 then
      raise exception 'A report names at least one object it covers (STIX 2.1 object_refs).' using errcode = '22023';
    end if;
    select string_agg(r, ', ') into _f from unnest(new.object_refs) r
     where r !~ '^[a-z0-9-]+--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    if _f is not null then
      raise exception 'Not a STIX id: %.', left(_f, 300) using errcode = '22023';
    end if;
  elsif cardinality(new.object_refs) > 0 then
    raise exception 'Only a report covers objects.' using errcode = '22023';
  end if;

  if tg_op = 'INSERT' then
    new.created_by := _uid;
    new.stix_id := coalesce(new.stix_id, new.type || '--' || gen_random_uuid()::text);
    new.created := now();
    new.modified := now();
    new.spec_version := '2.1';
    new.stix := null;
    new.edited_fields := '{}';
  else
    if new.type <> old.type or new.stix_id <> old.stix_id then
      raise exception 'The type and id of a knowledge object do not change.' using errcode = '22023';
    end if;
    new.edited_fields := array(select distinct f from unnest(old.edited_fields || private.changed_fields(
      to_jsonb(old), to_jsonb(new), private.authored_object_fields())) f order by f);
    if new.edited_fields = old.edited_fields and private.changed_fields(to_jsonb(old), to_jsonb(new),
         private.authored_object_fields()) = '{}' then
      return new;
    end if;
    new.modified := greatest(now(), coalesce(old.modified, now()) + interval '1 millisecond');
  end if;
  new.stix := private.stix_of_intel_object(new);
  return new;
end
$$;
comment on function private.author_intel_object() is
  'Trigger: an analyst''s knowledge object is one of the authored types, gets its author, id, dates and STIX object from the database, and records which fields the analyst edited; an import keeps those fields (and says so in object_history).';
revoke all on function private.author_intel_object() from public, anon, authenticated;

-- Named to run before the RED-audience check and the search columns (triggers fire by name).
create trigger intel_objects_author before insert or update on public.intel_objects
  for each row execute function private.author_intel_object();

-- Analysts give the typed columns and the database builds the STIX object; a whole STIX object
-- (TAXII) is still accepted as received.
grant insert (object_refs), update (object_refs) on public.intel_objects to authenticated;

-- Analysts edit any object they may read (imported ones included: the import then keeps their
-- edit), up to their clearance; a RED object stays in an audience they belong to.
drop policy "Analysts change the knowledge objects they added up to their clearance" on public.intel_objects;
create policy "Analysts change the knowledge objects they read, up to their clearance" on public.intel_objects
  for update to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)))
  with check (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));

-- ── Relationships ────────────────────────────────────────────────────────────────────────────────
-- The STIX type of whatever an id names, when the caller can read it: a knowledge object, an
-- or an indicator (security invoker: RLS answers, so a hidden object reads as absent).
create function private.readable_stix_type(_stix_id text) returns text
language sql stable security invoker set search_path = '' as $$
  select coalesce(
    (select o.type from public.intel_objects o where o.stix_id = _stix_id),
    (select 'indicator' from public.indicators i where i.stix_id = _stix_id and starts_with(_stix_id, 'indicator--')))
$$;
comment on function private.readable_stix_type(text) is
  'The STIX type of the knowledge object or indicator with this id when the caller can read it, else null (RLS applies).';
revoke all on function private.readable_stix_type(text) from public, anon;
grant execute on function private.readable_stix_type(text) to authenticated, service_role;

create function private.author_relationship() returns trigger
language plpgsql set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _kept text[];
  _newj jsonb;
  _source_type text;
  _target_type text;
begin
  if tg_op = 'UPDATE' and new.created_by is distinct from old.created_by and new.created_by is not null then
    raise exception 'The author of a relationship does not change.' using errcode = '42501';
  end if;
  if current_setting('cti.merging', true) = 'on' and current_user <> 'authenticated' then
    new.stix := private.stix_of_relationship(new);
    return new;
  end if;
  if current_user <> 'authenticated' then
    if tg_op = 'UPDATE' and cardinality(old.edited_fields) > 0 then
      _newj := to_jsonb(new);
      _kept := private.changed_fields(to_jsonb(old), _newj, old.edited_fields);
      if cardinality(_kept) > 0 then
        new := jsonb_populate_record(new, (select jsonb_object_agg(k, to_jsonb(old) -> k) from unnest(_kept) k));
        new.edited_fields := old.edited_fields;
        new.stix := private.stix_of_relationship(new);
        perform private.record_kept_fields('relationship', new.stix_id, _kept, to_jsonb(old), _newj);
      end if;
    end if;
    return new;
  end if;

  if tg_op = 'UPDATE' and (new.source_ref <> old.source_ref or new.target_ref <> old.target_ref or new.stix_id <> old.stix_id) then
    raise exception 'A relationship''s ends do not change: remove it and add another.' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' and new.stix is not null and new.stix <> '{}'::jsonb then
    raise exception 'The database builds the STIX object of what an analyst writes: give the typed columns only.'
      using errcode = '22023';
  end if;
  -- A STIX relationship replacing a stored one (TAXII): STIX lets it name objects not received
  -- yet, so the pair is checked only when both ends are objects the caller reads.
  if tg_op = 'UPDATE' and new.stix is distinct from old.stix then
    if new.stix ->> 'id' is distinct from new.stix_id then
      raise exception 'The STIX object''s id must be the row''s stix_id.' using errcode = '22023';
    end if;
    _source_type := private.readable_stix_type(new.source_ref);
    _target_type := private.readable_stix_type(new.target_ref);
    if _source_type is not null and _target_type is not null
       and not private.relationship_allowed(_source_type, new.relationship_type, _target_type) then
      raise exception 'STIX 2.1 does not relate % to % by "%".', _source_type, _target_type, left(new.relationship_type, 64)
        using errcode = '22023';
    end if;
    return new;
  end if;
  if tg_op = 'INSERT' or new.relationship_type <> old.relationship_type then
    _source_type := private.readable_stix_type(new.source_ref);
    _target_type := private.readable_stix_type(new.target_ref);
    -- One answer for absent and hidden: the analyst learns nothing of what they cannot read.
    if _source_type is null then
      raise exception 'No object you can read has the id %.', left(new.source_ref, 300) using errcode = '22023';
    end if;
    if _target_type is null then
      raise exception 'No object you can read has the id %.', left(new.target_ref, 300) using errcode = '22023';
    end if;
    if new.source_ref = new.target_ref then
      raise exception 'A relationship joins two different objects.' using errcode = '22023';
    end if;
    if not private.relationship_allowed(_source_type, new.relationship_type, _target_type) then
      raise exception 'STIX 2.1 does not relate % to % by "%"; allowed: %.', _source_type, _target_type,
        left(new.relationship_type, 64),
        coalesce((select string_agg(t, ', ' order by t) from (
          select r.relationship_type as t from public.relationship_type_rules r
           where r.source_type = _source_type and r.target_type = _target_type
          union select 'related-to'
          union select x from unnest(array['derived-from', 'duplicate-of']) x where _source_type = _target_type) a), 'related-to')
        using errcode = '22023';
    end if;
  end if;

  if tg_op = 'INSERT' then
    new.created_by := _uid;
    new.stix_id := coalesce(new.stix_id, 'relationship--' || gen_random_uuid()::text);
    new.created := now();
    new.modified := now();
    new.edited_fields := '{}';
  else
    if private.changed_fields(to_jsonb(old), to_jsonb(new), private.authored_relationship_fields()) = '{}' then
      return new;
    end if;
    new.edited_fields := array(select distinct f from unnest(old.edited_fields || private.changed_fields(
      to_jsonb(old), to_jsonb(new), private.authored_relationship_fields())) f order by f);
    new.modified := greatest(now(), coalesce(old.modified, now()) + interval '1 millisecond');
  end if;
  if new.start_time is not null and new.stop_time is not null and new.stop_time <= new.start_time then
    raise exception 'A relationship stops after it starts (STIX 2.1 stop_time).' using errcode = '22023';
  end if;
  new.stix := private.stix_of_relationship(new);
  return new;
end
$$;
comment on function private.author_relationship() is
  'Trigger: an analyst''s relationship joins two objects they can read by a type STIX 2.1 allows for the pair, gets its author, id, dates and STIX object from the database, and records which fields the analyst edited; an import keeps those fields.';
revoke all on function private.author_relationship() from public, anon, authenticated;

create trigger relationships_author before insert or update on public.relationships
  for each row execute function private.author_relationship();

alter table public.relationships alter column stix set default '{}'::jsonb;
alter table public.intel_objects alter column stix set default '{}'::jsonb;
grant update (relationship_type, description, start_time, stop_time, confidence, tlp, red_audience, revoked)
  on public.relationships to authenticated;
grant update (revoked) on public.intel_objects to authenticated;

create policy "Analysts change the relationships they read, up to their clearance" on public.relationships
  for update to authenticated
  using (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)))
  with check (tlp <= (select private.caller_clearance()) and (tlp <> 'red' or private.red_readable(red_audience, source_ids)));

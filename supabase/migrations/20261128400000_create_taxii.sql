-- STIX 2.1 rendering of the knowledge base, for the TAXII 2.1 server and exports: indicators,
-- knowledge objects, relationships and the TLP 2.0 marking definitions as STIX JSON, read as the
-- caller (security invoker, so RLS decides, TLP:RED included) and paged by (date_added, id).
--
-- We keep one version of each object (the newest), so its TAXII `date_added` is when that version
-- arrived (updated_at): a client polling with added_after sees every change once, in order.

create function private.stix_time(_at timestamptz) returns text
language sql stable parallel safe set search_path = '' as $$
  select to_char(_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
comment on function private.stix_time(timestamptz) is 'A STIX/TAXII timestamp (UTC, microseconds, Z) of a time.';
revoke all on function private.stix_time(timestamptz) from public, anon;
grant execute on function private.stix_time(timestamptz) to authenticated, service_role;

-- TLP 2.0 marking definitions (OASIS extension-definition--60a3c5c5-…): the ids importers map to.
create function private.tlp_marking_ref(_tlp public.tlp_level) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case _tlp
    when 'clear' then 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487'
    when 'green' then 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb'
    when 'amber' then 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421'
    when 'amber+strict' then 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003'
    when 'red' then 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1'
  end
$$;
comment on function private.tlp_marking_ref(public.tlp_level) is 'STIX id of the TLP 2.0 marking definition of a TLP level.';
revoke all on function private.tlp_marking_ref(public.tlp_level) from public, anon;
grant execute on function private.tlp_marking_ref(public.tlp_level) to authenticated, service_role;

-- The TLP level a set of marking refs stands for (most restrictive wins; TLP 1.0 ids too), or null.
create function private.tlp_of_marking_refs(_refs jsonb) returns public.tlp_level
language sql immutable parallel safe set search_path = '' as $$
  select max(case r
    when 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487' then 'clear'
    when 'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9' then 'clear'
    when 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb' then 'green'
    when 'marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da' then 'green'
    when 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421' then 'amber'
    when 'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82' then 'amber'
    when 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003' then 'amber+strict'
    when 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1' then 'red'
    when 'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed' then 'red'
  end::public.tlp_level)
  from jsonb_array_elements_text(case when jsonb_typeof(_refs) = 'array' then _refs else '[]'::jsonb end) r
$$;
comment on function private.tlp_of_marking_refs(jsonb) is 'The most restrictive TLP level among STIX object_marking_refs (TLP 2.0 and 1.0 ids), or null.';
revoke all on function private.tlp_of_marking_refs(jsonb) from public, anon;
grant execute on function private.tlp_of_marking_refs(jsonb) to authenticated, service_role;

create function private.tlp_marking_definition(_tlp public.tlp_level) returns jsonb
language sql immutable parallel safe set search_path = '' as $$
  select jsonb_build_object(
    'type', 'marking-definition', 'spec_version', '2.1', 'id', private.tlp_marking_ref(_tlp),
    'created', '2022-10-01T00:00:00.000Z', 'name', 'TLP:' || upper(_tlp::text),
    'extensions', jsonb_build_object('extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d',
      jsonb_build_object('extension_type', 'property-extension', 'tlp_2_0', _tlp::text)))
$$;
comment on function private.tlp_marking_definition(public.tlp_level) is 'The STIX 2.1 TLP 2.0 marking-definition object of a TLP level.';
revoke all on function private.tlp_marking_definition(public.tlp_level) from public, anon;
grant execute on function private.tlp_marking_definition(public.tlp_level) to authenticated, service_role;

-- Keyset paging by (date_added, id) in byte order, one index per table.
create index indicators_taxii_page_idx on public.indicators (updated_at, stix_id);
create index intel_objects_taxii_page_idx on public.intel_objects (updated_at, (stix_id collate "C"));
create index relationships_taxii_page_idx on public.relationships (updated_at, (stix_id collate "C"));
-- TAXII collections: named views of the knowledge base that administrators define (by TLP, object
-- type and source). Every signed-in user lists them; what a collection yields to a user is still
-- what RLS lets that user read.

create table public.taxii_collections (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '' check (char_length(description) <= 2000),
  alias text unique check (alias ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  tlp_levels public.tlp_level[] check (tlp_levels is null or cardinality(tlp_levels) > 0),
  object_types text[] check (object_types is null or cardinality(object_types) > 0),
  source_ids uuid[] check (source_ids is null or cardinality(source_ids) > 0),
  can_read boolean not null default true,
  can_write boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.taxii_collections is 'TAXII 2.1 collections defined by administrators: filters over the knowledge base, read and write flags.';
comment on column public.taxii_collections.id is 'TAXII collection id.';
comment on column public.taxii_collections.title is 'Human-readable title.';
comment on column public.taxii_collections.description is 'Description shown to TAXII clients.';
comment on column public.taxii_collections.alias is 'Optional short name clients may use.';
comment on column public.taxii_collections.tlp_levels is 'TLP levels included; null for every level the reader may see.';
comment on column public.taxii_collections.object_types is 'STIX types included (indicator, relationship, malware, …); null for all.';
comment on column public.taxii_collections.source_ids is 'Sources whose intelligence is included; null for all.';
comment on column public.taxii_collections.can_read is 'Whether clients may read objects.';
comment on column public.taxii_collections.can_write is 'Whether clients may add objects (as themselves, within RLS).';
comment on column public.taxii_collections.created_by is 'Administrator who defined it.';
comment on column public.taxii_collections.created_at is 'When it was defined.';
comment on column public.taxii_collections.updated_at is 'Last change.';

create trigger taxii_collections_touch_updated_at before update on public.taxii_collections
  for each row execute function private.touch_updated_at();

alter table public.taxii_collections enable row level security;
revoke all on public.taxii_collections from public, anon, authenticated;
grant select on public.taxii_collections to authenticated;
grant all on public.taxii_collections to service_role;
create policy "Signed-in users list TAXII collections" on public.taxii_collections
  for select to authenticated using (true);

insert into public.taxii_collections (id, title, description, alias, created_by) values
  ('5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01', 'All intelligence',
   'Every indicator, knowledge object and relationship you may read, with TLP markings.', 'all', null);

create function public.save_taxii_collection(
  _id uuid,
  _title text,
  _description text default '',
  _alias text default null,
  _tlp_levels public.tlp_level[] default null,
  _object_types text[] default null,
  _source_ids uuid[] default null,
  _can_read boolean default true,
  _can_write boolean default false
) returns setof public.taxii_collections
language plpgsql volatile security definer set search_path = '' as $$
declare
  _row public.taxii_collections;
  _before public.taxii_collections;
begin
  if not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor define TAXII collections' using errcode = '42501';
  end if;
  select * into _before from public.taxii_collections c where c.id = _id;
  insert into public.taxii_collections as c (id, title, description, alias, tlp_levels, object_types, source_ids, can_read, can_write)
  values (coalesce(_id, gen_random_uuid()), _title, coalesce(_description, ''), _alias, _tlp_levels, _object_types, _source_ids,
    coalesce(_can_read, true), coalesce(_can_write, false))
  on conflict (id) do update set title = excluded.title, description = excluded.description, alias = excluded.alias,
    tlp_levels = excluded.tlp_levels, object_types = excluded.object_types, source_ids = excluded.source_ids,
    can_read = excluded.can_read, can_write = excluded.can_write
  returning * into _row;
  perform private.record_audit(
    case when _before.id is null then 'taxii_collection.created' else 'taxii_collection.changed' end,
    'taxii_collection', _row.id::text,
    jsonb_build_object('from', case when _before.id is null then null else to_jsonb(_before) end, 'to', to_jsonb(_row)));
  return next _row;
end
$$;
comment on function public.save_taxii_collection(uuid, text, text, text, public.tlp_level[], text[], uuid[], boolean, boolean) is
  'Creates or changes a TAXII collection (administrators with MFA); audited.';
revoke all on function public.save_taxii_collection(uuid, text, text, text, public.tlp_level[], text[], uuid[], boolean, boolean) from public, anon;
grant execute on function public.save_taxii_collection(uuid, text, text, text, public.tlp_level[], text[], uuid[], boolean, boolean) to authenticated, service_role;

create function public.delete_taxii_collection(_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  _before public.taxii_collections;
begin
  if not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor remove TAXII collections' using errcode = '42501';
  end if;
  delete from public.taxii_collections c where c.id = _id returning * into _before;
  if _before.id is null then
    return false;
  end if;
  perform private.record_audit('taxii_collection.deleted', 'taxii_collection', _id::text, jsonb_build_object('row', to_jsonb(_before)));
  return true;
end
$$;
comment on function public.delete_taxii_collection(uuid) is 'Removes a TAXII collection (administrators with MFA); audited.';
revoke all on function public.delete_taxii_collection(uuid) from public, anon;
grant execute on function public.delete_taxii_collection(uuid) to authenticated, service_role;
-- Per-user API keys for machine clients (TAXII). The secret is 256 random bits shown once; only its
-- SHA-256 is kept. A slow password hash (bcrypt, argon2) protects guessable passwords; a random
-- 256-bit secret cannot be guessed, and a fast hash lets every TAXII request be checked by index.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  prefix text not null check (prefix ~ '^ctk_[A-Za-z0-9_-]{8}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
comment on table public.api_keys is 'Per-user API keys (HTTP Basic for TAXII), revocable; the secret''s hash is in private.api_key_hashes.';
comment on column public.api_keys.id is 'Key id: the Basic-auth user name.';
comment on column public.api_keys.user_id is 'Owner; the key acts as this user, under RLS.';
comment on column public.api_keys.name is 'What the owner called it.';
comment on column public.api_keys.prefix is 'First characters of the secret, to recognise it.';
comment on column public.api_keys.created_at is 'When it was created.';
comment on column public.api_keys.last_used_at is 'Last successful use (to the minute).';
comment on column public.api_keys.revoked_at is 'When it was revoked; null while it works.';
create index api_keys_user_id_idx on public.api_keys (user_id, created_at desc);

alter table public.api_keys enable row level security;
revoke all on public.api_keys from public, anon, authenticated;
grant select on public.api_keys to authenticated;
grant all on public.api_keys to service_role;

-- The hashes live apart, where no API role reaches: owners list their keys without ever reading one.
create table private.api_key_hashes (
  key_id uuid primary key references public.api_keys (id) on delete cascade,
  secret_hash bytea not null unique check (octet_length(secret_hash) = 32)
);
comment on table private.api_key_hashes is 'SHA-256 of each API key''s secret, read only by private.authenticate_api_key.';
comment on column private.api_key_hashes.key_id is 'The key.';
comment on column private.api_key_hashes.secret_hash is 'SHA-256 of the secret.';
alter table private.api_key_hashes enable row level security;
revoke all on private.api_key_hashes from public, anon, authenticated, service_role;
create policy "Users read their own API keys" on public.api_keys
  for select to authenticated using (user_id = (select auth.uid()));

create function public.create_api_key(_name text)
returns table (id uuid, name text, prefix text, secret text, created_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _secret text;
  _key public.api_keys;
begin
  if _uid is null then
    raise exception 'Sign in to create an API key' using errcode = '42501';
  end if;
  if char_length(btrim(coalesce(_name, ''))) not between 1 and 100 then
    raise exception 'Give the key a name of 1 to 100 characters' using errcode = '22023';
  end if;
  if (select count(*) from public.api_keys k where k.user_id = _uid and k.revoked_at is null) >= 20 then
    raise exception 'You have 20 active API keys: revoke one first' using errcode = '54000';
  end if;
  _secret := 'ctk_' || translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
  insert into public.api_keys (user_id, name, prefix) values (_uid, btrim(_name), left(_secret, 12))
  returning * into _key;
  insert into private.api_key_hashes (key_id, secret_hash) values (_key.id, extensions.digest(_secret, 'sha256'));
  perform private.record_audit('api_key.created', 'api_key', _key.id::text,
    jsonb_build_object('name', _key.name, 'prefix', _key.prefix));
  return query select _key.id, _key.name, _key.prefix, _secret, _key.created_at;
end
$$;
comment on function public.create_api_key(text) is 'Creates an API key for the caller and returns its secret, the only time it is shown; audited.';
revoke all on function public.create_api_key(text) from public, anon;
grant execute on function public.create_api_key(text) to authenticated;

create function public.revoke_api_key(_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  _key public.api_keys;
begin
  update public.api_keys k set revoked_at = now()
   where k.id = _id and k.user_id = (select auth.uid()) and k.revoked_at is null
  returning * into _key;
  if _key.id is null then
    return false;
  end if;
  perform private.record_audit('api_key.revoked', 'api_key', _key.id::text,
    jsonb_build_object('name', _key.name, 'prefix', _key.prefix));
  return true;
end
$$;
comment on function public.revoke_api_key(uuid) is 'Revokes one of the caller''s own API keys (false when not theirs or already revoked); audited.';
revoke all on function public.revoke_api_key(uuid) from public, anon;
grant execute on function public.revoke_api_key(uuid) to authenticated;

create function public.list_api_keys()
returns table (id uuid, name text, prefix text, created_at timestamptz, last_used_at timestamptz, revoked_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select k.id, k.name, k.prefix, k.created_at, k.last_used_at, k.revoked_at
    from public.api_keys k
   where k.user_id = (select auth.uid())
   order by k.revoked_at is not null, k.created_at desc
$$;
comment on function public.list_api_keys() is 'The caller''s API keys, active first, newest first (never the secret).';
revoke all on function public.list_api_keys() from public, anon;
grant execute on function public.list_api_keys() to authenticated;

-- For the TAXII function only (service role): the user a Basic credential stands for. The user
-- name is the key id or the owner's e-mail. Banned or deleted users' keys do not work.
create function private.authenticate_api_key(_username text, _secret text)
returns table (user_id uuid, key_id uuid)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _key public.api_keys;
begin
  select k.* into _key
    from private.api_key_hashes h join public.api_keys k on k.id = h.key_id
   where h.secret_hash = extensions.digest(coalesce(_secret, ''), 'sha256') and k.revoked_at is null;
  if _key.id is null or not exists (
    select 1 from auth.users u
     where u.id = _key.user_id and (u.banned_until is null or u.banned_until < now()) and u.deleted_at is null
       and (lower(btrim(_username)) = _key.id::text or lower(btrim(_username)) = lower(u.email))
  ) then
    return;
  end if;
  if _key.last_used_at is null or _key.last_used_at < now() - interval '1 minute' then
    update public.api_keys k set last_used_at = now() where k.id = _key.id;
  end if;
  return query select _key.user_id, _key.id;
end
$$;
comment on function private.authenticate_api_key(text, text) is 'The user and key of a Basic credential (key id or e-mail, secret), or no row; records the use.';
revoke all on function private.authenticate_api_key(text, text) from public, anon, authenticated;
grant execute on function private.authenticate_api_key(text, text) to service_role;
-- The objects of a collection as the caller may read them, in TAXII order (date_added, then id in
-- byte order), after a keyset cursor. Each table is read through its (updated_at, stix_id) index
-- and only `_limit` rows of each are merged, so a page costs the same at any depth.
-- `_with_objects = false` serves the manifest without rendering objects.
--
-- The STIX rendering is written inline, not in helper functions: a function with its own
-- search_path is never inlined, and calling one per row made a page of 1,000 cost 0.5 s instead
-- of milliseconds. This function is the one place that renders the knowledge base as STIX 2.1:
--   indicators: a STIX 2.1 indicator (valid_until dropped unless after valid_from, §4.7);
--   knowledge objects: the object as received, spec_version 2.1 (ATT&CK's 2.0 malware gets the
--   is_family 2.1 requires), its TLP marking added to its own marking refs;
--   relationships: the columns (derived links have an empty `stix`), extras as received;
--   the five TLP 2.0 marking definitions, once.
create function public.taxii_objects(
  _collection_id uuid,
  _after_date timestamptz default '-infinity',
  _after_id text default '',
  _limit integer default 1000,
  _ids text[] default null,
  _types text[] default null,
  _versions timestamptz[] default null,
  _with_objects boolean default true
) returns table (id text, type text, spec_version text, version text, date_added timestamptz, object jsonb)
language plpgsql stable security invoker set search_path = '' as $$
declare
  _c public.taxii_collections;
  _n integer := least(greatest(coalesce(_limit, 1000), 1), 10000);
  _after_d timestamptz := coalesce(_after_date, '-infinity');
  _after_i text collate "C" := coalesce(_after_id, '');
  _wanted text[];
  _ts constant text := 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
  _levels constant public.tlp_level[] := enum_range(null::public.tlp_level);
  _marks text[];
begin
  select * into _c from public.taxii_collections c where c.id = _collection_id and c.can_read;
  if _c.id is null then
    return;
  end if;
  _marks := array(select private.tlp_marking_ref(l) from unnest(_levels) with ordinality u(l, n) order by n);
  -- Types asked for and allowed by the collection (null: all).
  _wanted := case
    when _types is null then _c.object_types
    when _c.object_types is null then _types
    else array(select unnest(_types) intersect select unnest(_c.object_types)) end;
  return query
  select p.id, p.type, p.spec_version, p.version, p.date_added, p.object from (
    (select i.stix_id::text as id, 'indicator'::text as type, '2.1'::text as spec_version,
            to_char(greatest(i.updated_at, i.created_at) at time zone 'UTC', _ts) as version, i.updated_at as date_added,
            case when _with_objects then jsonb_strip_nulls(jsonb_build_object(
              'type', 'indicator',
              'spec_version', '2.1',
              'id', i.stix_id,
              'created', to_char(i.created_at at time zone 'UTC', _ts),
              'modified', to_char(greatest(i.updated_at, i.created_at) at time zone 'UTC', _ts),
              'name', coalesce(i.name, i.value),
              'description', nullif(i.description, ''),
              'pattern', i.pattern,
              'pattern_type', 'stix',
              'pattern_version', '2.1',
              'valid_from', to_char(coalesce(i.valid_from, i.first_seen, i.created_at) at time zone 'UTC', _ts),
              'valid_until', case when i.valid_until > coalesce(i.valid_from, i.first_seen, i.created_at)
                then to_char(i.valid_until at time zone 'UTC', _ts) end,
              'confidence', i.confidence,
              'revoked', case when i.revoked then true end,
              'labels', case when cardinality(i.labels) > 0 then to_jsonb(i.labels) end,
              'kill_chain_phases', case when jsonb_array_length(i.kill_chain_phases) > 0 then i.kill_chain_phases end,
              'object_marking_refs', jsonb_build_array(_marks[array_position(_levels, i.tlp)])
            )) end as object
       from public.indicators i
      where (i.updated_at, i.stix_id) > (_after_d, _after_i)
        and (_wanted is null or 'indicator' = any (_wanted))
        and (_c.tlp_levels is null or i.tlp = any (_c.tlp_levels))
        and (_ids is null or i.stix_id = any (_ids))
        and (_versions is null or greatest(i.updated_at, i.created_at) = any (_versions))
        and (_c.source_ids is null or exists (
          select 1 from public.indicator_sources s where s.indicator_id = i.id and s.source_id = any (_c.source_ids)))
      order by i.updated_at, i.stix_id
      limit _n)
    union all
    (select o.stix_id collate "C", o.type, '2.1',
            coalesce(o.stix ->> 'modified', o.stix ->> 'created', to_char(o.updated_at at time zone 'UTC', _ts)), o.updated_at,
            case when _with_objects then o.stix || '{"spec_version": "2.1"}'::jsonb
              || case when o.type = 'malware' and not (o.stix ? 'is_family') then '{"is_family": true}'::jsonb else '{}'::jsonb end
              || case when o.type = 'marking-definition' then '{}'::jsonb else jsonb_build_object('object_marking_refs',
                   case when coalesce(jsonb_typeof(o.stix -> 'object_marking_refs'), '') <> 'array' then jsonb_build_array(_marks[array_position(_levels, o.tlp)])
                        when o.stix -> 'object_marking_refs' ? _marks[array_position(_levels, o.tlp)] then o.stix -> 'object_marking_refs'
                        else (o.stix -> 'object_marking_refs') || jsonb_build_array(_marks[array_position(_levels, o.tlp)]) end) end
            end
       from public.intel_objects o
      where (o.updated_at, o.stix_id collate "C") > (_after_d, _after_i)
        and (_wanted is null or o.type = any (_wanted))
        and (_c.tlp_levels is null or o.tlp = any (_c.tlp_levels))
        and (_ids is null or o.stix_id = any (_ids))
        and (_versions is null or coalesce(o.modified, o.created) = any (_versions))
        and (_c.source_ids is null or o.source_ids && _c.source_ids)
        -- The TLP definitions are served once, below, whoever imported a copy.
        and not (o.type = 'marking-definition' and o.stix_id = any (_marks))
      order by o.updated_at, o.stix_id collate "C"
      limit _n)
    union all
    (select r.stix_id collate "C", 'relationship', '2.1',
            coalesce(r.stix ->> 'modified', to_char(coalesce(r.modified, r.created, r.updated_at) at time zone 'UTC', _ts)), r.updated_at,
            case when _with_objects then (r.stix - 'spec_version') || jsonb_strip_nulls(jsonb_build_object(
              'type', 'relationship',
              'spec_version', '2.1',
              'id', r.stix_id,
              'created', coalesce(r.stix ->> 'created', to_char(coalesce(r.created, r.created_at) at time zone 'UTC', _ts)),
              'modified', coalesce(r.stix ->> 'modified', to_char(coalesce(r.modified, r.created, r.updated_at) at time zone 'UTC', _ts)),
              'relationship_type', r.relationship_type,
              'source_ref', r.source_ref,
              'target_ref', r.target_ref,
              'description', r.description,
              'start_time', to_char(r.start_time at time zone 'UTC', _ts),
              'stop_time', to_char(r.stop_time at time zone 'UTC', _ts),
              'revoked', case when r.revoked then true end,
              'confidence', r.confidence,
              'object_marking_refs',
                case when coalesce(jsonb_typeof(r.stix -> 'object_marking_refs'), '') <> 'array' then jsonb_build_array(_marks[array_position(_levels, r.tlp)])
                     when r.stix -> 'object_marking_refs' ? _marks[array_position(_levels, r.tlp)] then r.stix -> 'object_marking_refs'
                     else (r.stix -> 'object_marking_refs') || jsonb_build_array(_marks[array_position(_levels, r.tlp)]) end
            )) end
       from public.relationships r
      where (r.updated_at, r.stix_id collate "C") > (_after_d, _after_i)
        and (_wanted is null or 'relationship' = any (_wanted))
        and (_c.tlp_levels is null or r.tlp = any (_c.tlp_levels))
        and (_ids is null or r.stix_id = any (_ids))
        and (_versions is null or coalesce(r.modified, r.created) = any (_versions))
        and (_c.source_ids is null or r.source_ids && _c.source_ids)
      order by r.updated_at, r.stix_id collate "C"
      limit _n)
    union all
    (select m.ref collate "C", 'marking-definition', '2.1', '2022-10-01T00:00:00.000Z',
            '2022-10-01T00:00:00Z'::timestamptz, case when _with_objects then private.tlp_marking_definition(m.level) end
       from unnest(_levels, _marks) m(level, ref)
      where ('2022-10-01T00:00:00Z'::timestamptz, m.ref collate "C") > (_after_d, _after_i)
        and (_wanted is null or 'marking-definition' = any (_wanted))
        and (_ids is null or m.ref = any (_ids))
        and (_versions is null or '2022-10-01T00:00:00Z'::timestamptz = any (_versions)))
  ) p
  order by p.date_added, p.id collate "C"
  limit _n;
end
$$;
comment on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean) is
  'A page of a TAXII collection as the caller may read it (RLS): STIX 2.1 objects after the (date_added, id) cursor, filtered by id, type and version.';
revoke all on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean) from public, anon;
grant execute on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean) to authenticated, service_role;
-- TAXII writes: an envelope POSTed to a writable collection is stored object by object as the
-- caller (RLS judges: analysts add as themselves, TLP:RED only if they may read it), and the
-- outcome is a TAXII status resource the client reads back (TAXII 2.1 §4.3).

create table public.taxii_status (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  collection_id uuid references public.taxii_collections (id) on delete set null,
  status text not null default 'complete' check (status in ('pending', 'complete')),
  request_timestamp timestamptz not null default now(),
  total_count integer not null check (total_count >= 0),
  success_count integer not null check (success_count >= 0),
  failure_count integer not null check (failure_count >= 0),
  pending_count integer not null default 0 check (pending_count >= 0),
  successes jsonb not null default '[]'::jsonb check (jsonb_typeof(successes) = 'array'),
  failures jsonb not null default '[]'::jsonb check (jsonb_typeof(failures) = 'array'),
  pendings jsonb not null default '[]'::jsonb check (jsonb_typeof(pendings) = 'array')
);
comment on table public.taxii_status is 'TAXII 2.1 status resources of envelopes added by clients, readable by whoever added them.';
comment on column public.taxii_status.id is 'Status id.';
comment on column public.taxii_status.user_id is 'Who posted the envelope.';
comment on column public.taxii_status.collection_id is 'Collection written to.';
comment on column public.taxii_status.status is 'pending or complete.';
comment on column public.taxii_status.request_timestamp is 'When the envelope arrived.';
comment on column public.taxii_status.total_count is 'Objects in the envelope.';
comment on column public.taxii_status.success_count is 'Objects stored (or already present in that version).';
comment on column public.taxii_status.failure_count is 'Objects refused.';
comment on column public.taxii_status.pending_count is 'Objects not yet processed.';
comment on column public.taxii_status.successes is 'Status details {id, version, message} of stored objects.';
comment on column public.taxii_status.failures is 'Status details {id, version, message} of refused objects.';
comment on column public.taxii_status.pendings is 'Status details of pending objects.';
create index taxii_status_user_id_idx on public.taxii_status (user_id, request_timestamp desc);

alter table public.taxii_status enable row level security;
revoke all on public.taxii_status from public, anon, authenticated;
grant select on public.taxii_status to authenticated;
grant all on public.taxii_status to service_role;
create policy "Clients read the status of their own envelopes" on public.taxii_status
  for select to authenticated using (user_id = (select auth.uid()));

-- One STIX object stored as the caller; returns the refusal message, or null when stored.
create function private.taxii_store_object(_o jsonb) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _type text := _o ->> 'type';
  _id text := _o ->> 'id';
  _tlp public.tlp_level := coalesce(private.tlp_of_marking_refs(_o -> 'object_marking_refs'), 'amber');
  _modified timestamptz;
  _existing timestamptz;
  _found boolean;
begin
  if _type is null or _id is null or not starts_with(_id, _type || '--') then
    return 'a STIX object needs a type and an id of that type';
  end if;
  if coalesce(_o ->> 'spec_version', '') <> '2.1' then
    return 'only STIX 2.1 objects are accepted';
  end if;
  _modified := coalesce(_o ->> 'modified', _o ->> 'created')::timestamptz;
  if _type in ('bundle', 'sighting', 'observed-data') or _type in ('artifact', 'autonomous-system', 'directory',
      'domain-name', 'email-addr', 'email-message', 'file', 'ipv4-addr', 'ipv6-addr', 'mac-addr', 'mutex',
      'network-traffic', 'process', 'software', 'url', 'user-account', 'windows-registry-key', 'x509-certificate') then
    return format('%s objects are not kept by this server', _type);
  end if;
  if _type = 'relationship' then
    select true, coalesce(r.modified, r.created) into _found, _existing from public.relationships r where r.stix_id = _id;
    if _found and _existing is not distinct from _modified then
      return null;
    elsif _found then
      update public.relationships r set stix = _o, modified = _modified, tlp = _tlp,
          revoked = coalesce((_o ->> 'revoked')::boolean, false), description = _o ->> 'description'
       where r.stix_id = _id and (r.modified is null or r.modified < _modified);
      return case when found then null else 'a newer or foreign version of this relationship exists' end;
    end if;
    insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, description, created, modified,
      start_time, stop_time, confidence, tlp, stix)
    values (_id, _o ->> 'relationship_type', _o ->> 'source_ref', _o ->> 'target_ref', _o ->> 'description',
      (_o ->> 'created')::timestamptz, _modified, (_o ->> 'start_time')::timestamptz, (_o ->> 'stop_time')::timestamptz,
      (_o ->> 'confidence')::smallint, _tlp, _o);
    return null;
  end if;
  select true, coalesce(o.modified, o.created) into _found, _existing from public.intel_objects o where o.stix_id = _id;
  if _found and _existing is not distinct from _modified then
    return null;
  elsif _found then
    update public.intel_objects o set stix = _o, modified = _modified, tlp = _tlp, name = left(_o ->> 'name', 1000),
        description = _o ->> 'description', revoked = coalesce((_o ->> 'revoked')::boolean, false)
     where o.stix_id = _id and (o.modified is null or o.modified < _modified);
    return case when found then null else 'a newer or foreign version of this object exists' end;
  end if;
  insert into public.intel_objects (stix_id, type, name, description, created, modified, confidence, tlp, spec_version, stix,
    labels, aliases)
  values (_id, _type, left(_o ->> 'name', 1000), _o ->> 'description', (_o ->> 'created')::timestamptz, _modified,
    (_o ->> 'confidence')::smallint, _tlp, '2.1', _o,
    coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'labels') = 'array' then _o -> 'labels' end)), '{}'),
    coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'aliases') = 'array' then _o -> 'aliases' end)), '{}'));
  return null;
end
$$;
comment on function private.taxii_store_object(jsonb) is 'Stores one STIX 2.1 object posted by TAXII as the caller (RLS applies); the refusal message or null.';
revoke all on function private.taxii_store_object(jsonb) from public, anon;
grant execute on function private.taxii_store_object(jsonb) to authenticated, service_role;

-- Status rows are written only here, for the caller: clients cannot forge them.
create function private.record_taxii_status(_collection_id uuid, _total integer, _ok jsonb, _failed jsonb) returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.taxii_status (user_id, collection_id, total_count, success_count, failure_count, successes, failures)
  values ((select auth.uid()), _collection_id, _total, jsonb_array_length(_ok), jsonb_array_length(_failed), _ok, _failed)
  returning id
$$;
comment on function private.record_taxii_status(uuid, integer, jsonb, jsonb) is 'Records the TAXII status resource of the caller''s envelope.';
revoke all on function private.record_taxii_status(uuid, integer, jsonb, jsonb) from public, anon;
grant execute on function private.record_taxii_status(uuid, integer, jsonb, jsonb) to authenticated, service_role;

-- The envelope's objects, each in its own subtransaction (one refusal does not undo the others).
create function public.taxii_add_objects(_collection_id uuid, _objects jsonb)
returns table (status_id uuid, success_count integer, failure_count integer)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _o jsonb;
  _message text;
  _ok jsonb := '[]'::jsonb;
  _failed jsonb := '[]'::jsonb;
  _id uuid;
begin
  if not exists (select 1 from public.taxii_collections c where c.id = _collection_id and c.can_write) then
    -- 22023, not 42501: the caller is authorised; this collection simply takes no objects (400).
    raise exception 'This collection does not accept objects' using errcode = '22023';
  end if;
  if jsonb_typeof(_objects) <> 'array' or jsonb_array_length(_objects) > 10000 then
    raise exception 'objects must be an array of at most 10000 STIX objects' using errcode = '22023';
  end if;
  for _o in select value from jsonb_array_elements(_objects) loop
    begin
      _message := case when jsonb_typeof(_o) = 'object' then private.taxii_store_object(_o) else 'not a STIX object' end;
    exception when others then
      _message := case sqlstate
        when '42501' then 'not allowed for this user (row-level security)'
        when '23514' then 'a property is out of range'
        when '22007' then 'a timestamp is not valid'
        when '22008' then 'a timestamp is not valid'
        when '22P02' then 'a property has the wrong type'
        else 'the object could not be stored' end;
    end;
    if _message is null then
      _ok := _ok || jsonb_build_array(jsonb_build_object('id', _o ->> 'id', 'version', coalesce(_o ->> 'modified', _o ->> 'created')));
    else
      _failed := _failed || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('id', _o ->> 'id',
        'version', coalesce(_o ->> 'modified', _o ->> 'created'), 'message', _message)));
    end if;
  end loop;
  _id := private.record_taxii_status(_collection_id, jsonb_array_length(_objects), _ok, _failed);
  return query select _id, jsonb_array_length(_ok), jsonb_array_length(_failed);
end
$$;
comment on function public.taxii_add_objects(uuid, jsonb) is 'Adds a TAXII envelope''s objects to a writable collection as the caller and records a status resource.';
revoke all on function public.taxii_add_objects(uuid, jsonb) from public, anon;
grant execute on function public.taxii_add_objects(uuid, jsonb) to authenticated, service_role;


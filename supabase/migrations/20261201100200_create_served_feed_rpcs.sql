-- Checked functions for served feeds: the app (administrators with a verified second factor) and
-- the intel CLI (the service role) create, list, change, re-key and delete feeds; each change is
-- one audit row (the token's hash never enters the audit trail). And the feeds function's own
-- lookups, for the service role only.

create function private.require_feeds_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if ((select auth.jwt()) ->> 'role') is distinct from 'service_role' and not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can manage served feeds' using errcode = '42501';
  end if;
end
$$;
comment on function private.require_feeds_admin() is 'Raises 42501 unless the caller is the service role or an admin with verified MFA.';
revoke all on function private.require_feeds_admin() from public, anon;
grant execute on function private.require_feeds_admin() to authenticated, service_role;

-- A new token: 256 random bits, base64url, prefixed so that a leaked one is recognisable.
create function private.new_feed_token(out token text, out token_hash bytea)
language plpgsql volatile set search_path = '' as $$
begin
  token := 'ctf_' || translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
  token_hash := sha256(convert_to(token, 'UTF8'));
end
$$;
comment on function private.new_feed_token() is 'A fresh feed token (ctf_ + 43 base64url characters, 256 random bits) and its SHA-256.';
revoke all on function private.new_feed_token() from public, anon, authenticated;

-- The selection in stored form, with errors in words for each bad part.
create function private.feed_selection(
  _format text, _min_score integer, _max_tlp text, _types text[], _sources text[],
  out format text, out min_score integer, out max_tlp public.tlp_level, out types public.indicator_type[],
  out source_ids uuid[])
language plpgsql stable set search_path = '' as $$
declare
  _bad text[];
begin
  format := coalesce(_format, '');
  if format not in ('zeek-intel', 'suricata', 'rpz', 'text', 'nftables', 'iptables', 'csv') then
    raise exception 'Unknown feed format "%": use zeek-intel, suricata, rpz, text, nftables, iptables or csv (misp-feed is a folder: export it with the CLI).', left(format, 50)
      using errcode = '22023';
  end if;
  min_score := coalesce(_min_score, 0);
  if min_score not between 0 and 100 then
    raise exception 'The minimum score is 0 to 100, not %.', min_score using errcode = '22023';
  end if;
  if coalesce(_max_tlp, 'amber') not in (select unnest(enum_range(null::public.tlp_level))::text) then
    raise exception 'Unknown TLP level "%": use clear, green, amber, amber+strict or red.', left(_max_tlp, 50) using errcode = '22023';
  end if;
  max_tlp := coalesce(_max_tlp, 'amber')::public.tlp_level;
  if _types is not null and cardinality(_types) > 0 then
    _bad := array(select t from unnest(_types) t
                   where t is null or t not in (select unnest(enum_range(null::public.indicator_type))::text));
    if cardinality(_bad) > 0 then
      raise exception 'Unknown indicator type(s): %.', left(array_to_string(_bad, ', ', '(null)'), 200) using errcode = '22023';
    end if;
    types := array(select distinct t::public.indicator_type from unnest(_types) t order by 1);
  end if;
  if _sources is not null and cardinality(_sources) > 0 then
    _bad := array(select n from unnest(_sources) n where not exists (select 1 from public.sources s where s.name = n));
    if cardinality(_bad) > 0 then
      raise exception 'Unknown source(s): %.', left(array_to_string(_bad, ', ', '(null)'), 200) using errcode = '22023';
    end if;
    source_ids := array(select s.id from public.sources s where s.name = any(_sources) order by s.id);
  end if;
end
$$;
comment on function private.feed_selection(text, integer, text, text[], text[]) is
  'Checks a served feed''s selection (format, minimum score, TLP ceiling, type names, source names) and returns it in stored form; 22023 with the reason for a bad part.';
revoke all on function private.feed_selection(text, integer, text, text[], text[]) from public, anon, authenticated;

create function public.create_served_feed(
  _name text, _format text, _min_score integer default 0, _max_tlp text default 'amber',
  _types text[] default null, _sources text[] default null)
returns table (id uuid, name text, token text)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  _selection record;
  _token record;
  _feed public.served_feeds;
begin
  perform private.require_feeds_admin();
  if char_length(btrim(coalesce(_name, ''))) not between 1 and 100 then
    raise exception 'A feed needs a name of 1 to 100 characters.' using errcode = '22023';
  end if;
  if exists (select 1 from public.served_feeds f where lower(f.name) = lower(btrim(_name))) then
    raise exception 'There is already a feed named "%".', btrim(_name) using errcode = '23505';
  end if;
  _selection := private.feed_selection(_format, _min_score, _max_tlp, _types, _sources);
  _token := private.new_feed_token();
  insert into public.served_feeds (name, format, min_score, max_tlp, types, source_ids, created_by)
  values (btrim(_name), _selection.format, _selection.min_score, _selection.max_tlp, _selection.types,
          _selection.source_ids, (select auth.uid()))
  returning * into _feed;
  insert into private.served_feed_tokens (feed_id, token_hash) values (_feed.id, _token.token_hash);
  perform private.record_audit('served_feed.created', 'served_feed', _feed.id::text, jsonb_build_object(
    'name', _feed.name, 'format', _feed.format, 'min_score', _feed.min_score, 'max_tlp', _feed.max_tlp,
    'types', _feed.types, 'sources', _sources));
  return query select _feed.id, _feed.name, _token.token::text;
end
$$;
comment on function public.create_served_feed(text, text, integer, text, text[], text[]) is
  'Creates a served feed and returns its token, the only time it is shown (admins with verified MFA and the service role; audited). 22023 for a bad selection, 23505 for a taken name.';
revoke all on function public.create_served_feed(text, text, integer, text, text[], text[]) from public, anon;
grant execute on function public.create_served_feed(text, text, integer, text, text[], text[]) to authenticated, service_role;

create function public.update_served_feed(
  _id uuid, _min_score integer, _max_tlp text, _types text[] default null, _sources text[] default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _selection record;
  _old public.served_feeds;
begin
  perform private.require_feeds_admin();
  select * into _old from public.served_feeds f where f.id = _id for update;
  if not found then
    raise exception 'No served feed %.', _id using errcode = '22023';
  end if;
  _selection := private.feed_selection(_old.format, _min_score, _max_tlp, _types, _sources);
  update public.served_feeds f
     set min_score = _selection.min_score, max_tlp = _selection.max_tlp, types = _selection.types,
         source_ids = _selection.source_ids
   where f.id = _id;
  perform private.record_audit('served_feed.changed', 'served_feed', _id::text, jsonb_build_object(
    'name', _old.name,
    'from', jsonb_build_object('min_score', _old.min_score, 'max_tlp', _old.max_tlp, 'types', _old.types, 'source_ids', _old.source_ids),
    'to', jsonb_build_object('min_score', _selection.min_score, 'max_tlp', _selection.max_tlp, 'types', _selection.types, 'sources', _sources)));
end
$$;
comment on function public.update_served_feed(uuid, integer, text, text[], text[]) is
  'Replaces a served feed''s selection (minimum score, TLP ceiling, types, sources; null types or sources: all); admins with verified MFA and the service role; audited.';
revoke all on function public.update_served_feed(uuid, integer, text, text[], text[]) from public, anon;
grant execute on function public.update_served_feed(uuid, integer, text, text[], text[]) to authenticated, service_role;

create function public.rotate_served_feed_token(_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  _token record;
  _name text;
begin
  perform private.require_feeds_admin();
  select f.name into _name from public.served_feeds f where f.id = _id;
  if not found then
    raise exception 'No served feed %.', _id using errcode = '22023';
  end if;
  _token := private.new_feed_token();
  update private.served_feed_tokens t set token_hash = _token.token_hash where t.feed_id = _id;
  perform private.record_audit('served_feed.token_rotated', 'served_feed', _id::text, jsonb_build_object('name', _name));
  return _token.token;
end
$$;
comment on function public.rotate_served_feed_token(uuid) is
  'Gives a served feed a new token (the old one stops at once) and returns it, the only time it is shown; admins with verified MFA and the service role; audited.';
revoke all on function public.rotate_served_feed_token(uuid) from public, anon;
grant execute on function public.rotate_served_feed_token(uuid) to authenticated, service_role;

create function public.delete_served_feed(_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _feed public.served_feeds;
begin
  perform private.require_feeds_admin();
  delete from public.served_feeds f where f.id = _id returning * into _feed;
  if not found then
    raise exception 'No served feed %.', _id using errcode = '22023';
  end if;
  perform private.record_audit('served_feed.deleted', 'served_feed', _id::text, jsonb_build_object(
    'name', _feed.name, 'format', _feed.format, 'pull_count', _feed.pull_count));
end
$$;
comment on function public.delete_served_feed(uuid) is 'Deletes a served feed (its URL answers 401 from then on); admins with verified MFA and the service role; audited.';
revoke all on function public.delete_served_feed(uuid) from public, anon;
grant execute on function public.delete_served_feed(uuid) to authenticated, service_role;

-- Every feed with its statistics: pulls, and how many alerts of the last 30 days came from an
-- indicator its selection holds (type, source and TLP ceiling; score and lifecycle as they are
-- now are not re-judged), so a team learns which feeds fire.
create function public.list_served_feeds()
returns table (
  id uuid, name text, format text, min_score integer, max_tlp public.tlp_level, types text[],
  sources text[], created_at timestamptz, updated_at timestamptz, last_pulled_at timestamptz,
  last_pulled_from text, pull_count bigint, alerts_30d bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_feeds_admin();
  return query
  select f.id, f.name, f.format, f.min_score, f.max_tlp, f.types::text[],
         case when f.source_ids is null then null
              else array(select s.name from public.sources s where s.id = any(f.source_ids) order by s.name) end,
         f.created_at, f.updated_at, f.last_pulled_at, f.last_pulled_from, f.pull_count,
         (select count(*) from public.enhanced_security_alerts a join public.indicators i on i.id = a.indicator_id
           where a.created_at > now() - interval '30 days'
             and i.tlp <= f.max_tlp
             and (f.types is null or i.type = any(f.types))
             and (f.source_ids is null or exists (select 1 from public.indicator_sources x
                   where x.indicator_id = i.id and x.source_id = any(f.source_ids))))
    from public.served_feeds f
   order by f.name;
end
$$;
comment on function public.list_served_feeds() is
  'Served feeds with their source names, pulls and alerts of the last 30 days from indicators their selection holds; admins with verified MFA and the service role.';
revoke all on function public.list_served_feeds() from public, anon;
grant execute on function public.list_served_feeds() to authenticated, service_role;

-- The feeds function: one feed's selection, token hash and version, read as the first statement of
-- its REPEATABLE READ transaction so the version and the rendered rows share one snapshot.
create function private.served_feed_for_pull(_id uuid)
returns table (
  name text, format text, min_score integer, max_tlp public.tlp_level, types text[], source_ids uuid[],
  source_names text[], token_hash bytea, version text, rendered_at timestamptz, hour_start timestamptz)
language sql stable security definer set search_path = '' as $$
  with ledger as (
    select coalesce(sum(c.changes), 0) as total, max(c.changed_at) as last from private.feed_changes c),
  hour as (select date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' as start)
  select f.name, f.format, f.min_score, f.max_tlp, f.types::text[], f.source_ids,
         case when f.source_ids is null then '{}'::text[]
              else array(select s.name from public.sources s where s.id = any(f.source_ids) order by s.name) end,
         t.token_hash,
         encode(sha256(convert_to(concat_ws('|', f.id, f.format, f.min_score, f.max_tlp, f.types::text,
                                            f.source_ids::text, l.total, extract(epoch from h.start)), 'UTF8')), 'hex'),
         greatest(h.start, l.last, f.updated_at),
         h.start
    from public.served_feeds f
    join private.served_feed_tokens t on t.feed_id = f.id
   cross join ledger l cross join hour h
   where f.id = _id
$$;
comment on function private.served_feed_for_pull(uuid) is
  'For the feeds function: a feed''s selection, token hash and version (feed and selection, ledger sum, UTC hour), the time it is rendered as of and the hour start scores are judged at; no row for an unknown id.';
revoke all on function private.served_feed_for_pull(uuid) from public, anon, authenticated;
grant execute on function private.served_feed_for_pull(uuid) to service_role;

create function private.record_served_feed_pull(_id uuid, _from text, _version text) returns timestamptz
language sql volatile security definer set search_path = '' as $$
  update public.served_feeds f
     set last_pulled_at = clock_timestamp(), last_pulled_from = left(_from, 100), pull_count = f.pull_count + 1,
         version_seen_at = case when f.version is distinct from _version or f.version_seen_at is null
                                then clock_timestamp() else f.version_seen_at end,
         version = left(_version, 100)
   where f.id = _id
  returning f.version_seen_at
$$;
comment on function private.record_served_feed_pull(uuid, text, text) is
  'For the feeds function: counts an authorised pull and returns the feed''s Last-Modified (when a pull first saw this version; a change of version always moves it forward).';
revoke all on function private.record_served_feed_pull(uuid, text, text) from public, anon, authenticated;
grant execute on function private.record_served_feed_pull(uuid, text, text) to service_role;

-- Feeds we serve: exports for security controls that sensors poll over HTTP (edge function `feeds`,
-- GET /functions/v1/feeds/<id> with `Authorization: Bearer <token>`).
--
-- A feed is a saved selection (the `intel export` flags: format, minimum score, TLP ceiling, types,
-- sources) and a token. The token is 256 random bits, shown once when it is made; only its SHA-256
-- is kept, in private.served_feed_tokens (as API keys keep theirs), which no API role can read.
-- Administrators with a verified second factor and the service role (the intel CLI) manage feeds
-- through the checked functions below, each audited; nobody writes the table directly.
--
-- Versions (ETag): private.feed_changes is an insert-only ledger. A statement-level trigger on every
-- table private.export_indicators reads adds one row per writing statement (never one per row, and
-- no shared counter row, so concurrent imports never wait on each other). The function reads the
-- ledger's sum in the same REPEATABLE READ snapshot as the rows it renders: an import's rows and its
-- ledger row become visible together at its commit, so a version can never name content it does
-- not hold. The daily purge folds old rows into one without changing the sum.

create table public.served_feeds (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(name) between 1 and 100 and name = btrim(name)),
  format text not null check (format in ('zeek-intel', 'suricata', 'rpz', 'text', 'nftables', 'iptables', 'csv')),
  min_score integer not null default 0 check (min_score between 0 and 100),
  max_tlp public.tlp_level not null default 'amber',
  types public.indicator_type[] check (types is null or cardinality(types) between 1 and 20),
  source_ids uuid[] check (source_ids is null or cardinality(source_ids) between 1 and 200),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_pulled_at timestamptz,
  last_pulled_from text check (char_length(last_pulled_from) <= 100),
  pull_count bigint not null default 0 check (pull_count >= 0),
  version text check (char_length(version) <= 100),
  version_seen_at timestamptz
);
comment on table public.served_feeds is 'Exports for security controls served over HTTP to sensors that poll them (edge function feeds); administrators manage them through create_served_feed and the other checked functions (audited).';
comment on column public.served_feeds.id is 'Feed id, the last part of its URL (/functions/v1/feeds/<id>).';
comment on column public.served_feeds.name is 'Unique name (1-100 characters), shown in the app and the CLI.';
comment on column public.served_feeds.format is 'Export format: zeek-intel, suricata, rpz, text, nftables, iptables or csv (misp-feed is a folder, not one document).';
comment on column public.served_feeds.min_score is 'Values under this score are left out (0-100).';
comment on column public.served_feeds.max_tlp is 'The TLP ceiling: values above it are never served; a query parameter cannot raise it.';
comment on column public.served_feeds.types is 'Indicator types served (null: every type the format carries).';
comment on column public.served_feeds.source_ids is 'Only values reported by one of these sources (null: any source).';
comment on column public.served_feeds.created_by is 'The administrator who created it (null: the CLI or a removed account).';
comment on column public.served_feeds.created_at is 'When it was created.';
comment on column public.served_feeds.updated_at is 'Last change of its selection (the selection is part of its version).';
comment on column public.served_feeds.last_pulled_at is 'When a sensor last pulled it with the right token (304 answers included).';
comment on column public.served_feeds.last_pulled_from is 'The client address of that pull, as the gateway saw it.';
comment on column public.served_feeds.pull_count is 'How many authorised pulls it has served (304 answers included).';
comment on column public.served_feeds.version is 'The version (ETag) served at the last pull.';
comment on column public.served_feeds.version_seen_at is 'When a pull first saw that version: the feed''s Last-Modified.';
create index served_feeds_created_by_idx on public.served_feeds (created_by);

create trigger served_feeds_touch_updated_at before update of name, format, min_score, max_tlp, types, source_ids
  on public.served_feeds for each row execute function private.touch_updated_at();

alter table public.served_feeds enable row level security;
revoke all on table public.served_feeds from public, anon, authenticated, service_role;
grant select on table public.served_feeds to authenticated;
grant all on table public.served_feeds to service_role;
create policy "Administrators with a verified second factor read served feeds" on public.served_feeds
  for select to authenticated using ((select private.admin_mfa_verified()));

create table private.served_feed_tokens (
  feed_id uuid primary key references public.served_feeds (id) on delete cascade,
  token_hash bytea not null check (octet_length(token_hash) = 32)
);
comment on table private.served_feed_tokens is 'SHA-256 of each served feed''s token; the token itself is never stored. Read only by the feeds function''s checked lookup.';
comment on column private.served_feed_tokens.feed_id is 'The feed.';
comment on column private.served_feed_tokens.token_hash is 'SHA-256 of the token (UTF-8).';
revoke all on table private.served_feed_tokens from public, anon, authenticated, service_role;

-- The ledger of changes to what exports read.
create table private.feed_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  changes bigint not null default 1 check (changes > 0),
  source_table text not null
);
comment on table private.feed_changes is 'Insert-only ledger, one row per statement that wrote a table exports for controls read; sum(changes) is part of every served feed''s version. Compacted daily without changing the sum.';
comment on column private.feed_changes.id is 'Row id.';
comment on column private.feed_changes.changed_at is 'When the writing transaction started.';
comment on column private.feed_changes.changes is 'How many statements the row stands for (1, or the count a compaction folded in).';
comment on column private.feed_changes.source_table is 'The table written (or "compacted").';
revoke all on table private.feed_changes from public, anon, authenticated, service_role;

create function private.note_feed_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.feed_changes (source_table) values (tg_table_name);
  return null;
end
$$;
comment on function private.note_feed_change() is 'Statement trigger: one ledger row per statement writing a table that exports for controls read.';
revoke all on function private.note_feed_change() from public, anon, authenticated;

do $$
declare
  _table text;
begin
  foreach _table in array array['indicators', 'indicator_sources', 'sources', 'sightings', 'decay_rules',
                                'warninglists', 'warninglist_entries', 'exclusion_lists', 'exclusion_entries'] loop
    execute format('create trigger %I after insert or update or delete or truncate on public.%I
                      for each statement execute function private.note_feed_change()',
                   _table || '_note_feed_change', _table);
  end loop;
end
$$;

create function private.compact_feed_changes(_older_than interval default interval '1 day')
returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _count bigint;
  _sum bigint;
  _last timestamptz;
begin
  with gone as (
    delete from private.feed_changes c where c.changed_at < now() - _older_than returning c.changes, c.changed_at)
  select count(*), sum(g.changes), max(g.changed_at) into _count, _sum, _last from gone g;
  if _count > 0 then
    insert into private.feed_changes (changed_at, changes, source_table) values (_last, _sum, 'compacted');
  end if;
  return coalesce(_count, 0);
end
$$;
comment on function private.compact_feed_changes(interval) is
  'Folds ledger rows older than _older_than into one row holding their sum (every version stays the same); returns how many rows it folded. Run by the daily purge.';
revoke all on function private.compact_feed_changes(interval) from public, anon, authenticated;
grant execute on function private.compact_feed_changes(interval) to service_role;

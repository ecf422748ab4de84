-- What the organisation watches for (its domains and brands, names, executives' e-mail domains),
-- the lookalikes of its domains, leak-site posts and pastes, and the matches between them.

create type public.watch_kind as enum ('domain', 'keyword', 'email-domain');

create table public.watches (
  id uuid primary key default gen_random_uuid(),
  kind public.watch_kind not null,
  -- As the analyst typed it (Unicode allowed); `value_ascii` is what matching compares.
  value text not null check (char_length(value) between 2 and 253),
  value_ascii text not null check (char_length(value_ascii) between 2 and 253 and value_ascii = lower(value_ascii)),
  note text not null default '' check (char_length(note) <= 500),
  enabled boolean not null default true,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (kind, value_ascii)
);
comment on table public.watches is 'Watched domains (brand protection), keywords and e-mail domains (dark web monitoring), per installation.';
comment on column public.watches.value_ascii is 'Lower-case; for domains the IDNA (punycode) form, so bücher.de and xn--bcher-kva.de are one watch.';

create table public.lookalike_domains (
  watch_id uuid not null references public.watches (id) on delete cascade,
  domain text collate "C" not null check (domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$' and char_length(domain) <= 253),
  unicode text not null check (char_length(unicode) <= 253),
  family text not null check (family ~ '^[a-z-]{3,30}$'),
  primary key (watch_id, domain)
);
create index lookalike_domains_domain_idx on public.lookalike_domains (domain);
comment on table public.lookalike_domains is 'Permutations of a watched domain (dnstwist families), generated when the watch is added.';

create table public.leak_posts (
  id bigint generated always as identity primary key,
  source text not null check (source in ('leak-site', 'paste')),
  group_name text check (char_length(group_name) between 1 and 100),
  victim text not null check (char_length(victim) between 1 and 1000),
  published_at timestamptz not null,
  country text check (country ~ '^[A-Z]{2}$'),
  sector text check (char_length(sector) <= 200),
  website text check (char_length(website) <= 500),
  url text check (char_length(url) <= 2048),
  body text check (char_length(body) <= 65536),
  context jsonb not null default '{}' check (jsonb_typeof(context) = 'object' and pg_column_size(context) <= 65536),
  import_run_id bigint references public.import_runs (id) on delete set null,
  created_at timestamptz not null default now()
);
-- The same claim scraped twice is one post.
create unique index leak_posts_identity_key on public.leak_posts ((coalesce(group_name, '')), victim, published_at);
create index leak_posts_published_idx on public.leak_posts (published_at desc);
create index leak_posts_group_idx on public.leak_posts (group_name, published_at desc);
comment on table public.leak_posts is 'Ransomware leak-site posts and pastes: unverified claims, stored raw and rendered inert.';

create table public.leak_mentions (
  post_id bigint not null references public.leak_posts (id) on delete cascade,
  watch_id uuid not null references public.watches (id) on delete cascade,
  matched text not null check (char_length(matched) <= 253),
  created_at timestamptz not null default now(),
  primary key (post_id, watch_id)
);
create index leak_mentions_watch_idx on public.leak_mentions (watch_id, created_at desc);
comment on table public.leak_mentions is 'A post naming a watched keyword, domain or e-mail domain.';

-- A keyword as a case-insensitive pattern on word boundaries: `acme` finds "ACME Corp" and
-- acme.com, not "acmegroup"; the keyword's own characters are literal.
create function private.keyword_pattern(_keyword text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select '(^|[^[:alnum:]])' || regexp_replace(_keyword, '([.^$*+?(){}|\\\[\]-])', '\\\1', 'g') || '($|[^[:alnum:]])'
$$;
revoke all on function private.keyword_pattern(text) from public, anon;
grant execute on function private.keyword_pattern(text) to authenticated, service_role;

-- Posts × watches → mentions, and the leak-keyword alert for each new one. Null arguments mean
-- all posts or all watches (a new watch is matched against the whole history).
create function private.match_leak_mentions(_post_ids bigint[], _watch_ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  hit record;
  raised integer := 0;
begin
  for hit in
    with found as (
      insert into public.leak_mentions (post_id, watch_id, matched)
      select p.id, w.id, w.value
        from public.watches w
        join public.leak_posts p
          on (p.victim || ' ' || coalesce(p.website, '') || ' ' || coalesce(p.body, '')) ~* private.keyword_pattern(w.value_ascii)
          or (w.value <> w.value_ascii and
              (p.victim || ' ' || coalesce(p.website, '') || ' ' || coalesce(p.body, '')) ~* private.keyword_pattern(lower(w.value)))
       where w.enabled
         and (_post_ids is null or p.id = any (_post_ids))
         and (_watch_ids is null or w.id = any (_watch_ids))
      on conflict do nothing
      returning post_id, watch_id
    )
    select p.*, w.kind, w.value from found f
      join public.leak_posts p on p.id = f.post_id join public.watches w on w.id = f.watch_id
  loop
    if private.raise_alert(
      'leak-keyword', 'post:' || hit.id || ':watch:' || hit.value,
      format('%s names "%s" on %s', coalesce(hit.group_name, 'A paste'), hit.value, to_char(hit.published_at, 'YYYY-MM-DD')),
      format('%s (%s) published a post titled "%s" that names the watched %s "%s".',
             coalesce(hit.group_name, 'A paste site'), hit.source, left(hit.victim, 300), hit.kind, hit.value),
      jsonb_build_object('post_id', hit.id, 'group', hit.group_name, 'victim', hit.victim, 'source', hit.source,
                         'published_at', hit.published_at, 'url', hit.url, 'watch', hit.value, 'watch_kind', hit.kind,
                         'country', hit.country, 'sector', hit.sector)
    ) is not null then
      raised := raised + 1;
    end if;
  end loop;
  return raised;
end
$$;
comment on function private.match_leak_mentions(bigint[], uuid[]) is
  'Matches leak posts against enabled watches (case-insensitive, word boundaries, Unicode and IDNA forms of domains), records new mentions and raises leak-keyword alerts; answers how many alerts it raised or updated.';
revoke all on function private.match_leak_mentions(bigint[], uuid[]) from public, anon, authenticated;
grant execute on function private.match_leak_mentions(bigint[], uuid[]) to service_role;

-- Lookalikes of watched domains found in intelligence: a domain indicator equal to a candidate,
-- or a URL whose host is one (found by range on the (value, type) index, not by scanning URLs).
create function private.match_lookalikes(_watch_ids uuid[]) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  rule public.detection_rules;
  hit record;
  raised integer := 0;
begin
  select * into rule from public.detection_rules where key = 'lookalike-domain';
  for hit in
    select distinct on (l.domain, i.id) l.watch_id, w.value as watched, l.domain, l.unicode, l.family,
           i.id as indicator_id, i.type, i.value, i.tlp, i.confidence
      from public.lookalike_domains l
      join public.watches w on w.id = l.watch_id and w.enabled
      cross join lateral (
        select x.* from public.indicators x where x.value = l.domain collate "C" and x.type = 'domain'
        union all
        -- One range per scheme and what ends the host ('/' or ':'), each an index range scan.
        select x.* from public.indicators x
         where x.value >= ('http://' || l.domain || '/') collate "C" and x.value < ('http://' || l.domain || '0') collate "C"
           and x.type = 'url'
        union all
        select x.* from public.indicators x
         where x.value >= ('http://' || l.domain || ':') collate "C" and x.value < ('http://' || l.domain || ';') collate "C"
           and x.type = 'url'
        union all
        select x.* from public.indicators x
         where x.value >= ('https://' || l.domain || '/') collate "C" and x.value < ('https://' || l.domain || '0') collate "C"
           and x.type = 'url'
        union all
        select x.* from public.indicators x
         where x.value >= ('https://' || l.domain || ':') collate "C" and x.value < ('https://' || l.domain || ';') collate "C"
           and x.type = 'url'
      ) i
     where (_watch_ids is null or l.watch_id = any (_watch_ids))
       and not i.revoked
  loop
    continue when not private.rule_allows(rule, hit.tlp, hit.confidence);
    if private.raise_alert(
      'lookalike-domain', 'lookalike:' || hit.domain,
      format('Lookalike of %s in intelligence: %s', hit.watched, hit.unicode),
      format('%s (%s, a %s permutation of the watched domain %s) is listed as a malicious %s: %s.',
             hit.unicode, hit.domain, hit.family, hit.watched, hit.type, hit.value),
      jsonb_build_object('watch', hit.watched, 'lookalike', hit.domain, 'unicode', hit.unicode, 'family', hit.family,
                         'indicator_id', hit.indicator_id, 'type', hit.type, 'value', hit.value,
                         'confidence', hit.confidence, 'tlp', hit.tlp),
      1, hit.indicator_id
    ) is not null then
      raised := raised + 1;
    end if;
  end loop;
  return raised;
end
$$;
comment on function private.match_lookalikes(uuid[]) is
  'Finds lookalikes of watched domains among domain and URL indicators and raises lookalike-domain alerts within the rule''s thresholds; answers how many alerts it raised or updated.';
revoke all on function private.match_lookalikes(uuid[]) from public, anon, authenticated;
grant execute on function private.match_lookalikes(uuid[]) to service_role;

-- Adds a domain watch with its lookalikes (the app generates them with the dnstwist families) and
-- matches both at once. Candidates are checked here: the server stores only host names.
create function public.add_domain_watch(_domain text, _ascii text, _lookalikes jsonb, _note text default '')
returns table (watch_id uuid, lookalikes integer, lookalike_alerts integer, mention_alerts integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  id uuid;
  stored integer;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to add a watch.' using errcode = '42501';
  end if;
  if _ascii !~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$' or char_length(_ascii) > 253 then
    raise exception 'Not a domain name: %', left(_ascii, 100) using errcode = '22023';
  end if;
  if jsonb_typeof(_lookalikes) <> 'array' or jsonb_array_length(_lookalikes) > 10000 then
    raise exception 'Lookalikes must be a list of at most 10,000 names.' using errcode = '22023';
  end if;
  insert into public.watches (kind, value, value_ascii, note)
  values ('domain', _domain, _ascii, coalesce(_note, ''))
  on conflict (kind, value_ascii) do update set enabled = true
  returning public.watches.id into id;
  insert into public.lookalike_domains (watch_id, domain, unicode, family)
  select id, x ->> 'domain', left(coalesce(x ->> 'unicode', x ->> 'domain'), 253), x ->> 'family'
    from jsonb_array_elements(_lookalikes) x
   where x ->> 'domain' ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$' and char_length(x ->> 'domain') <= 253
     and x ->> 'family' ~ '^[a-z-]{3,30}$' and x ->> 'domain' <> _ascii
  on conflict do nothing;
  get diagnostics stored = row_count;
  return query select id, stored, private.match_lookalikes(array[id]), private.match_leak_mentions(null, array[id]);
end
$$;
comment on function public.add_domain_watch(text, text, jsonb, text) is
  'Watches a domain: stores it with its lookalike candidates (validated host names), then matches them against domain and URL intelligence and the domain against leak posts.';
revoke all on function public.add_domain_watch(text, text, jsonb, text) from public, anon;
grant execute on function public.add_domain_watch(text, text, jsonb, text) to authenticated, service_role;

-- Keywords and e-mail domains are matched against the posts as soon as they are added.
create function private.match_new_watch() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.kind <> 'domain' then
    perform private.match_leak_mentions(null, array[new.id]);
  end if;
  return null;
end
$$;
revoke all on function private.match_new_watch() from public, anon, authenticated;
create trigger watches_match_new after insert on public.watches
  for each row execute function private.match_new_watch();

alter table public.watches enable row level security;
alter table public.lookalike_domains enable row level security;
alter table public.leak_posts enable row level security;
alter table public.leak_mentions enable row level security;
grant select, delete on public.watches to authenticated;
grant insert (kind, value, value_ascii, note) , update (note, enabled) on public.watches to authenticated;
grant select on public.lookalike_domains, public.leak_posts, public.leak_mentions to authenticated;
grant all on public.watches, public.lookalike_domains, public.leak_posts, public.leak_mentions to service_role;

create policy "Signed-in users read watches" on public.watches for select to authenticated using (true);
create policy "Signed-in users add keyword watches" on public.watches for insert to authenticated
  with check (kind <> 'domain' and created_by = (select auth.uid()));
create policy "Signed-in users edit watches" on public.watches for update to authenticated
  using ((select auth.uid()) is not null) with check ((select auth.uid()) is not null);
create policy "Signed-in users remove watches" on public.watches for delete to authenticated
  using ((select auth.uid()) is not null);
create policy "Signed-in users read lookalikes" on public.lookalike_domains for select to authenticated using (true);
create policy "Signed-in users read leak posts" on public.leak_posts for select to authenticated using (true);
create policy "Signed-in users read mentions" on public.leak_mentions for select to authenticated using (true);

-- Dark Web Monitoring's chart: posts per day and group over a window (the whole history by default).
create function public.leak_post_volume(_since timestamptz default null, _groups integer default 8)
returns table (day date, group_name text, posts bigint)
language sql stable security invoker set search_path = '' as $$
  with window_posts as (
    select p.published_at::date as day, coalesce(p.group_name, 'paste') as group_name
      from public.leak_posts p where _since is null or p.published_at >= _since
  ), top as (
    select w.group_name from window_posts w group by w.group_name order by count(*) desc limit greatest(_groups, 1)
  )
  select w.day, case when w.group_name in (select t.group_name from top t) then w.group_name else 'other' end, count(*)
    from window_posts w group by 1, 2 order by 1, 2
$$;
comment on function public.leak_post_volume(timestamptz, integer) is 'Leak posts per day for the busiest groups (the rest as "other") since a date; RLS applies.';
revoke all on function public.leak_post_volume(timestamptz, integer) from public, anon;
grant execute on function public.leak_post_volume(timestamptz, integer) to authenticated, service_role;

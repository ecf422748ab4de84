-- The public site's data: live figures for the home page, the News page (latest KEV additions and
-- TLP:CLEAR knowledge objects) and the contact form. Anonymous visitors read nothing from the
-- tables themselves: three narrow security-definer functions return only aggregates, KEV entries
-- (public by nature) and TLP:CLEAR objects, and one checked function stores contact messages.

-- Home page figures. Counts only: no row, value or name leaves. The indicator count is rounded
-- down to hundreds, so watching it cannot tell when a single restricted indicator was added.
create function public.public_site_figures()
returns table (
  kev_entries bigint,
  sources_enabled bigint,
  indicators_rounded bigint,
  attack_techniques bigint,
  last_import_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select
    (select count(*) from public.vulnerabilities v where v.kev_date_added is not null and v.tlp = 'clear'),
    (select count(*) from public.sources s where s.enabled),
    (select (count(*) / 100) * 100 from public.indicators i where not i.revoked),
    (select count(*) from public.intel_objects o
      where o.type = 'attack-pattern' and o.tlp = 'clear' and not o.revoked and not o.deprecated),
    (select max(r.finished_at) from public.import_runs r where r.status = 'succeeded')
$$;
comment on function public.public_site_figures() is 'Public home page figures: KEV entries, enabled sources, indicators (rounded down to hundreds), ATT&CK techniques, last successful import. Aggregates only.';
revoke all on function public.public_site_figures() from public;
grant execute on function public.public_site_figures() to anon, authenticated, service_role;

-- News: the latest additions to CISA's KEV catalogue, in keyset pages (date added, then CVE id).
create function public.public_kev_additions(
  _limit integer default 20,
  _before_date date default null,
  _before_id text default null
)
returns table (
  cve_id text,
  name text,
  vendor text,
  product text,
  date_added date,
  due_date date,
  ransomware_use text,
  short_description text,
  epss_score double precision,
  cvss_base_score numeric,
  cvss_severity text
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if _limit is null or _limit < 1 or _limit > 50 then
    raise exception 'The page size must be between 1 and 50.' using errcode = '22023';
  end if;
  if (_before_date is null) <> (_before_id is null) then
    raise exception 'Give both the date and the CVE id to continue after, or neither.' using errcode = '22023';
  end if;
  return query
    select v.cve_id, v.kev_name, v.kev_vendor, v.kev_product, v.kev_date_added, v.kev_due_date,
           v.kev_ransomware_use, left(v.kev_short_description, 600), v.epss_score, v.cvss_base_score,
           v.cvss_severity
      from public.vulnerabilities v
     where v.kev_date_added is not null and v.tlp = 'clear'
       and (_before_date is null or (v.kev_date_added, v.cve_id) < (_before_date, _before_id))
     order by v.kev_date_added desc, v.cve_id desc
     limit _limit;
end
$$;
comment on function public.public_kev_additions(integer, date, text) is 'Public News: latest CISA KEV additions (TLP:CLEAR rows only), newest first, keyset pages of at most 50.';
revoke all on function public.public_kev_additions(integer, date, text) from public;
grant execute on function public.public_kev_additions(integer, date, text) to anon, authenticated, service_role;

-- News: recently changed TLP:CLEAR actors, malware, tools, campaigns and reports, with the names of
-- the sources that delivered them. Anything marked above CLEAR is never returned.
create function public.public_intel_highlights(
  _limit integer default 20,
  _before timestamptz default null,
  _before_id text default null
)
returns table (
  stix_id text,
  type text,
  name text,
  summary text,
  external_ids text[],
  modified timestamptz,
  sources text[]
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if _limit is null or _limit < 1 or _limit > 50 then
    raise exception 'The page size must be between 1 and 50.' using errcode = '22023';
  end if;
  if (_before is null) <> (_before_id is null) then
    raise exception 'Give both the time and the object id to continue after, or neither.' using errcode = '22023';
  end if;
  return query
    select o.stix_id, o.type, o.name, left(o.description, 400), o.external_ids[1:3],
           coalesce(o.modified, o.created_at),
           array(select s.name from public.sources s where s.id = any (o.source_ids) order by s.name)
      from public.intel_objects o
     where o.tlp = 'clear' and not o.revoked and not o.deprecated
       and o.type in ('report', 'intrusion-set', 'threat-actor', 'campaign', 'malware', 'tool')
       and (_before is null or (coalesce(o.modified, o.created_at), o.stix_id) < (_before, _before_id))
     order by coalesce(o.modified, o.created_at) desc, o.stix_id desc
     limit _limit;
end
$$;
comment on function public.public_intel_highlights(integer, timestamptz, text) is 'Public News: latest TLP:CLEAR reports, actors, campaigns, malware and tools with their source names, newest first, keyset pages of at most 50.';
revoke all on function public.public_intel_highlights(integer, timestamptz, text) from public;
grant execute on function public.public_intel_highlights(integer, timestamptz, text) to anon, authenticated, service_role;

create index intel_objects_public_highlights_idx on public.intel_objects ((coalesce(modified, created_at)) desc, stix_id desc)
  where tlp = 'clear' and not revoked and not deprecated
    and type in ('report', 'intrusion-set', 'threat-actor', 'campaign', 'malware', 'tool');

-- Contact messages: written only through submit_contact_message, read by admins with MFA.
create table public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  topic text not null check (topic in ('access', 'security', 'product', 'other')),
  message text not null check (char_length(message) between 10 and 5000),
  user_agent text check (char_length(user_agent) <= 512),
  created_at timestamptz not null default now()
);
comment on table public.contact_messages is 'Messages sent through the public contact form; kept 180 days; admins with MFA read them.';
comment on column public.contact_messages.id is 'Message id.';
comment on column public.contact_messages.name is 'Name the sender gave (1-200 characters), rendered as text only.';
comment on column public.contact_messages.email is 'Reply address the sender gave (lower-cased).';
comment on column public.contact_messages.topic is 'access, security, product or other.';
comment on column public.contact_messages.message is 'The message (10-5,000 characters), rendered as text only.';
comment on column public.contact_messages.user_agent is 'User agent of the sending browser, for spotting abuse.';
comment on column public.contact_messages.created_at is 'When it was received (server clock).';
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_email_created_at_idx on public.contact_messages (email, created_at desc);

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from public, anon, authenticated;
grant select on table public.contact_messages to authenticated;
grant all on table public.contact_messages to service_role;
create policy "Admins with MFA read contact messages" on public.contact_messages
  for select to authenticated using ((select private.admin_mfa_verified()));

-- Validates in plain words, limits each reply address to 5 messages an hour and everyone together
-- to 60 an hour (the gateway does not hand the database a trustworthy client address, so the
-- address limit counts the email given), and drops messages older than 180 days as it goes.
create function public.submit_contact_message(_name text, _email text, _topic text, _message text)
returns table (received_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  clean_name text := btrim(coalesce(_name, ''));
  clean_email text := lower(btrim(coalesce(_email, '')));
  clean_message text := btrim(coalesce(_message, ''));
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  stored timestamptz;
begin
  if char_length(clean_name) < 1 or char_length(clean_name) > 200 then
    raise exception 'Please give your name (at most 200 characters).' using errcode = '22023';
  end if;
  if char_length(clean_email) > 254 or clean_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please give an email address we can reply to, like name@example.org.' using errcode = '22023';
  end if;
  if _topic is null or _topic not in ('access', 'security', 'product', 'other') then
    raise exception 'Please choose what your message is about.' using errcode = '22023';
  end if;
  if char_length(clean_message) < 10 or char_length(clean_message) > 5000 then
    raise exception 'Please write a message of 10 to 5,000 characters.' using errcode = '22023';
  end if;
  -- One sender at a time: concurrent sends from the same address cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('contact_messages:' || clean_email));
  if (select count(*) from public.contact_messages m
       where m.email = clean_email and m.created_at > now() - interval '1 hour') >= 5 then
    raise exception 'You have sent 5 messages in the last hour. Please wait an hour before sending another.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour') >= 60 then
    raise exception 'The contact form is receiving too many messages right now. Please try again in an hour.'
      using errcode = 'PT429';
  end if;
  delete from public.contact_messages m where m.created_at < now() - interval '180 days';
  insert into public.contact_messages (name, email, topic, message, user_agent)
  values (clean_name, clean_email, _topic, clean_message, left(headers ->> 'user-agent', 512))
  returning created_at into stored;
  return query select stored;
end
$$;
comment on function public.submit_contact_message(text, text, text, text) is 'Public contact form: validates, allows 5 messages an hour per email and 60 an hour in all, stores the message for admins, purges messages older than 180 days.';
revoke all on function public.submit_contact_message(text, text, text, text) from public;
grant execute on function public.submit_contact_message(text, text, text, text) to anon, authenticated, service_role;

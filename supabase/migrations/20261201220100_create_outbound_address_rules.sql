-- Outbound address rules (issue 36): sources, TAXII servers and webhooks are URLs an administrator
-- sets, and the platform must not be pointed at the cloud's metadata service or the link itself.
-- intel applies the rules when it connects (intel/src/outbound: every address a name resolves to);
-- here the same rules refuse, where the URL is set, a URL whose host is already such an address or
-- a metadata name, in plain words. Administrators may allow an address or range (audited), and
-- may refuse private and loopback ranges too (a setting, off by default: on-prem SIEMs, chat
-- servers and mirrors live there).

create table public.outbound_allowed_addresses (
  id uuid primary key default gen_random_uuid(),
  address cidr not null unique,
  reason text not null check (char_length(btrim(reason)) between 3 and 500),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.outbound_allowed_addresses is
  'Addresses or ranges outbound requests (sources, TAXII, webhooks) may reach although a rule refuses them (link-local, metadata, or private when restricted); every change is audited.';
comment on column public.outbound_allowed_addresses.address is 'The allowed address or CIDR range (IPv4 or IPv6).';
comment on column public.outbound_allowed_addresses.reason is 'Why it is allowed (what lives there), for the next administrator.';
comment on column public.outbound_allowed_addresses.created_by is 'The administrator who allowed it.';
comment on column public.outbound_allowed_addresses.created_at is 'When it was allowed.';
create index outbound_allowed_addresses_created_by_idx on public.outbound_allowed_addresses (created_by);

alter table public.outbound_allowed_addresses enable row level security;
revoke all on table public.outbound_allowed_addresses from public, anon, authenticated, service_role;
grant select, insert, delete on table public.outbound_allowed_addresses to authenticated;
grant select, insert, update, delete on table public.outbound_allowed_addresses to service_role;
create policy "Admins with MFA read the allowed outbound addresses" on public.outbound_allowed_addresses
  for select to authenticated using ((select private.admin_mfa_verified()));
create policy "Admins with MFA allow an outbound address" on public.outbound_allowed_addresses
  for insert to authenticated with check ((select private.admin_mfa_verified()));
create policy "Admins with MFA remove an allowed outbound address" on public.outbound_allowed_addresses
  for delete to authenticated using ((select private.admin_mfa_verified()));
create policy "The service role manages the allowed outbound addresses" on public.outbound_allowed_addresses
  for all to service_role using (true) with check (true);

create trigger outbound_allowed_addresses_audited after insert or update or delete on public.outbound_allowed_addresses
  for each row execute function private.audit_row_change('outbound_allowed_address', 'id');

insert into public.settings (key, category, label, description, type, value) values
  ('outbound.restrict_private', 'Outbound requests', 'Refuse private and loopback addresses',
   'Sources, TAXII servers and webhooks may not reach private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) or loopback addresses unless allowed. Link-local and cloud metadata addresses are always refused unless allowed.',
   'boolean', 'false');

-- Why a URL's host may not be reached, or null. Names are judged when intel resolves them; here
-- only what the URL itself says: a metadata name, an address in an unusual numeric form (decimal,
-- octal, hex: browsers and fetch read 2852039166 as 169.254.169.254), or an address a rule refuses.
create function private.outbound_url_refusal(_url text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  host text := lower(substring(_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^]]*\]|[^:/?#]*)'));
  addr inet;
  restrict boolean;
begin
  host := rtrim(btrim(coalesce(host, ''), '[]'), '.');
  if host = '' then
    return null;
  end if;
  if host in ('metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal',
              'metadata.tencentyun.com', 'metadata.platformequinix.com') then
    return host || ' is a cloud metadata service name';
  end if;
  if host ~ '^[0-9a-fx.]+$' and host ~ '^[0-9]' and host !~ '^(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}$' then
    return host || ' is an address in an unusual form; write it as four decimal numbers (a.b.c.d)';
  end if;
  begin
    addr := host::inet;
  exception when invalid_text_representation then
    return null;
  end;
  if family(addr) = 6 and addr <<= '::ffff:0:0/96'::inet then
    addr := '0.0.0.0'::inet + (addr - '::ffff:0:0'::inet);
  elsif family(addr) = 6 and addr <<= '64:ff9b::/96'::inet then
    addr := '0.0.0.0'::inet + (addr - '64:ff9b::'::inet);
  end if;
  if exists (select 1 from public.outbound_allowed_addresses a where addr <<= a.address) then
    return null;
  end if;
  if addr <<= any (array['fd00:ec2::254/128', '100.100.100.200/32']::inet[]) then
    return host(addr) || ' is a cloud metadata service address';
  elsif addr <<= any (array['169.254.0.0/16', 'fe80::/10']::inet[]) then
    return host(addr) || ' is a link-local address (cloud metadata services live there)';
  elsif addr <<= any (array['224.0.0.0/4', '255.255.255.255/32', 'ff00::/8']::inet[]) then
    return host(addr) || ' is not a single host (multicast or broadcast)';
  end if;
  restrict := coalesce((select (s.value #>> '{}')::boolean from public.settings s where s.key = 'outbound.restrict_private'), false);
  if restrict and addr <<= any (array['127.0.0.0/8', '0.0.0.0/8', '::1/128', '::/128']::inet[]) then
    return host(addr) || ' is a loopback address (this machine)';
  elsif restrict and addr <<= any (array['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7']::inet[]) then
    return host(addr) || ' is a private network address';
  end if;
  return null;
end
$$;
comment on function private.outbound_url_refusal(text) is
  'Why an outbound URL (source, TAXII server, webhook) may not be reached, judged from the URL alone, or null.';
revoke all on function private.outbound_url_refusal(text) from public, anon, authenticated;

-- Row trigger: refuses an http(s) URL in the named column that the rules refuse (22023, plain words).
create function private.refuse_outbound_url() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  url text := to_jsonb(new) ->> tg_argv[0];
  reason text;
begin
  if url ~* '^https?://' then
    reason := private.outbound_url_refusal(url);
    if reason is not null then
      raise exception 'This URL is refused: %. An administrator can allow the address under System Configuration, Outbound addresses.', reason
        using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;
comment on function private.refuse_outbound_url() is
  'Row trigger (arg: URL column): refuses an outbound URL that private.outbound_url_refusal refuses.';
revoke all on function private.refuse_outbound_url() from public, anon, authenticated;

create trigger sources_outbound_url_checked before insert or update of url on public.sources
  for each row execute function private.refuse_outbound_url('url');
create trigger notification_channels_outbound_url_checked before insert or update of target on public.notification_channels
  for each row execute function private.refuse_outbound_url('target');

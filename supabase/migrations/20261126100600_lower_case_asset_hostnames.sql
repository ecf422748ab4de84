-- Host names are case-insensitive (RFC 4343), and the inventory already tells assets apart by
-- lower(hostname). Stored lower-case, every lookup can compare them exactly: the browser's CSV import
-- finds "VPN.Example.com" added by hand when its file says "vpn.example.com", instead of inserting it
-- again and tripping over the unique index.
update public.assets set hostname = lower(hostname) where hostname <> lower(hostname);

create function private.lower_asset_hostname() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.hostname := lower(new.hostname);
  return new;
end
$$;
comment on function private.lower_asset_hostname() is 'Stores asset host names lower-case (they are case-insensitive).';

create trigger assets_lower_hostname before insert or update of hostname on public.assets
  for each row execute function private.lower_asset_hostname();
comment on trigger assets_lower_hostname on public.assets is 'Host names are stored lower-case.';

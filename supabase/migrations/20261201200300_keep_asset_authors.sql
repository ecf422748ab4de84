-- Who created an asset is set by the database and never changes (issue 36 §9): analysts could
-- write created_by on insert and rewrite it on any asset, unaudited. Now signed-in users write only
-- an asset's host name, address, owner and criticality; created_by is the caller on insert (a job
-- without a user, e.g. the worker importing an uploaded inventory, names the uploader), and no one
-- changes it afterwards. Every change of assets and their products is in the audit trail.

revoke insert, update on public.assets from authenticated;
grant insert (hostname, ip, owner, criticality), update (hostname, ip, owner, criticality) on public.assets to authenticated;

create function private.keep_asset_author() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- A signed-in user is always the author of what they add; jobs (no user) say whom they act for.
    if (select auth.uid()) is not null then
      new.created_by := (select auth.uid());
    end if;
  elsif new.created_by is distinct from old.created_by then
    raise exception 'Who created an asset does not change.' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.keep_asset_author() is
  'Trigger: an asset''s created_by is the signed-in caller on insert (jobs name the user they act for) and never changes.';
revoke all on function private.keep_asset_author() from public, anon, authenticated;

create trigger assets_keep_author before insert or update of created_by on public.assets
  for each row execute function private.keep_asset_author();

create trigger assets_audited
  after insert or update or delete on public.assets
  for each row execute function private.audit_row_change('asset', 'id');
create trigger asset_products_audited
  after insert or update or delete on public.asset_products
  for each row execute function private.audit_row_change('asset_product', 'id');

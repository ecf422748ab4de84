-- Analysts revoke indicators they judge wrong (a false positive, a sinkholed domain) whoever imported
-- them, and say why; the row keeps who and when. An import never undoes an analyst's revocation
-- (the merge keeps `revoked` while `revoked_by` is set); restoring is an explicit act too.

alter table public.indicators
  add column revoked_at timestamptz,
  add column revoked_by uuid references auth.users (id) on delete set null,
  add column revocation_reason text check (char_length(revocation_reason) between 1 and 500);
comment on column public.indicators.revoked_at is 'When an analyst last revoked or restored it; null when only feeds decided.';
comment on column public.indicators.revoked_by is 'The analyst who revoked it; while set, imports keep it revoked.';
comment on column public.indicators.revocation_reason is 'Why it was revoked or restored (1-500 characters), rendered as text only.';

-- The foreign key needs an index (advisors); almost every row has none, so a partial one.
create index indicators_revoked_by_idx on public.indicators (revoked_by) where revoked_by is not null;

create function public.revoke_indicators(_ids bigint[], _reason text, _revoke boolean default true)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  changed integer;
begin
  if (select auth.uid()) is null and (select auth.role()) is distinct from 'service_role' then
    raise exception 'Sign in to revoke indicators.' using errcode = '42501';
  end if;
  if _ids is null or cardinality(_ids) = 0 or cardinality(_ids) > 1000 then
    raise exception 'Choose between 1 and 1,000 indicators.' using errcode = '22023';
  end if;
  if _reason is null or char_length(btrim(_reason)) = 0 or char_length(_reason) > 500 then
    raise exception 'Give a reason of at most 500 characters.' using errcode = '22023';
  end if;
  -- Only what the caller may read: a TLP:RED indicator stays untouched (and unnamed) for others.
  update public.indicators
     set revoked = _revoke,
         revoked_at = now(),
         revoked_by = case when _revoke then (select auth.uid()) end,
         revocation_reason = btrim(_reason)
   where id = any (_ids)
     and revoked is distinct from _revoke
     and (tlp <> 'red' or (select private.red_readable_by_caller()));
  get diagnostics changed = row_count;
  return changed;
end
$$;
comment on function public.revoke_indicators(bigint[], text, boolean) is
  'Revokes (or, with _revoke false, restores) up to 1,000 indicators the caller may read, recording who, when and why; returns how many changed.';
revoke all on function public.revoke_indicators(bigint[], text, boolean) from public, anon;
grant execute on function public.revoke_indicators(bigint[], text, boolean) to authenticated, service_role;

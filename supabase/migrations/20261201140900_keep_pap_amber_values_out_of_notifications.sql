-- PAP in notifications (issue 28 §1): an event about an indicator whose PAP is AMBER or RED is not
-- sent; the delivery is recorded as skipped with the reason, as an event above a channel's TLP
-- ceiling is. The worker asks this beside private.notification_tlp_check when it claims a delivery,
-- so a PAP raised after capture still holds. Events without an indicator (KEV, leaks) pass.
create function private.notification_pap_check(_event jsonb) returns text
language sql stable security definer set search_path = '' as $$
  select format('PAP:%s: the indicator may not leave the platform: not sent', upper(p.pap::text))
    from (select private.indicator_pap((_event ->> 'indicator_id')::bigint) as pap
           where _event ->> 'indicator_id' ~ '^[0-9]{1,18}$') p
   where not private.pap_allows_sharing(p.pap)
$$;
comment on function private.notification_pap_check(jsonb) is
  'Why an event may not leave by any channel (the PAP of the indicator it names is AMBER or RED), or null when it may.';
revoke all on function private.notification_pap_check(jsonb) from public, anon, authenticated;
grant execute on function private.notification_pap_check(jsonb) to service_role;

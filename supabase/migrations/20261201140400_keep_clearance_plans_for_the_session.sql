-- The clearance helpers in PL/pgSQL rather than SQL (measured, issue 28 §1). A SQL function that
-- cannot be inlined (a security definer one) is planned again on every call, and the clearance is
-- asked once per statement, including each statement that functions such as public.score run per
-- row of a list: 50 rows of search_indicators asked it about 100 times, 21 ms instead of 5.5 ms at
-- 1M indicators. PL/pgSQL keeps its plans for the session: 7 ms.

create or replace function private.caller_clearance() returns public.tlp_level
language plpgsql stable security definer set search_path = '' as $$
begin
  if (select auth.jwt()) ->> 'role' = 'service_role' then
    return 'red';
  end if;
  return coalesce((select max(g.max_tlp) from public.group_members m join public.groups g on g.id = m.group_id
                    where m.user_id = (select auth.uid())), 'clear');
end
$$;

create or replace function private.caller_red_groups() returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select coalesce(array_agg(g.id), '{}') from public.group_members m join public.groups g on g.id = m.group_id
           where m.user_id = (select auth.uid()) and g.max_tlp = 'red');
end
$$;

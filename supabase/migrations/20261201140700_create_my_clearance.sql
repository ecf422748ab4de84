-- What the app offers a user who adds intelligence by hand (issue 28 §1): the TLP levels up to
-- their clearance, and for TLP:RED the groups cleared for RED they belong to, one of which a RED row
-- made by hand must name as its audience. The policies decide again on every write.
create function public.my_clearance()
returns table (clearance public.tlp_level, red_groups jsonb)
language sql stable security definer set search_path = '' as $$
  select private.caller_clearance(),
         coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name) order by lower(g.name))
                     from public.groups g where g.id = any (private.caller_red_groups())), '[]'::jsonb)
$$;
comment on function public.my_clearance() is
  'The caller''s clearance (the highest TLP of their groups) and their groups cleared for TLP:RED ([{id, name}]), for the forms that write intelligence.';
revoke all on function public.my_clearance() from public, anon;
grant execute on function public.my_clearance() to authenticated;

-- No existence oracle through STIX ids (issue 36 §2): an analyst inserting a knowledge object or a
-- relationship under an id that exists only as a hidden TLP:RED row got 409, under a new id 201.
-- A signed-in caller no longer names the id at all: the database gives every object and
-- relationship an analyst writes a fresh id (the authoring trigger, 20261202000000), and an insert
-- that names one is refused with the same words whether or not that id exists. Importers (the
-- service role, the database owner: no user) keep the ids their sources gave. TAXII writes take the
-- same path (private.taxii_store_object inserts as the caller), so an envelope's object from a
-- signed-in user is refused alike for a new and for a hidden id.
--
-- The trigger is named to fire before intel_objects_author / relationships_author (triggers fire
-- by name), which fill the id when it is absent.

-- Security invoker, so current_user is the role of the statement: an end user's (REST, or TAXII's
-- invoker functions) is `authenticated`; checked functions and importers run as others.
create function private.refuse_analyst_stix_id() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user = 'authenticated' and new.stix_id is not null then
    raise exception 'The database names what an analyst writes: leave out the STIX id (it is given one).'
      using errcode = '22023';
  end if;
  return new;
end
$$;
comment on function private.refuse_analyst_stix_id() is
  'Trigger: an end user''s insert (role authenticated) into intel_objects or relationships names no STIX id (one answer for new and hidden ids alike); importers and checked functions keep theirs.';
revoke all on function private.refuse_analyst_stix_id() from public, anon, authenticated;

create trigger intel_objects_analyst_ids before insert on public.intel_objects
  for each row execute function private.refuse_analyst_stix_id();
create trigger relationships_analyst_ids before insert on public.relationships
  for each row execute function private.refuse_analyst_stix_id();

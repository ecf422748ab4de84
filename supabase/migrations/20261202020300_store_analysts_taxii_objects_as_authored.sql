-- TAXII envelopes from signed-in users take the analysts' authoring path (issue 29 §2) and give away
-- nothing about hidden ids (issue 36 §2).
--
-- Since 20261201200500 and 20261202000000 an analyst names no STIX id and writes typed columns only,
-- so private.taxii_store_object, which inserted whole STIX objects under their posted ids as the
-- caller, stored nothing for an analyst. And its old answers were an existence oracle: a posted id
-- that existed hidden under RLS failed the unique key ("the object could not be stored") where a new
-- one succeeded. Now, for a signed-in caller:
--   * an id the caller can read is a new version of that object: its typed fields are updated when
--     the posted `modified` is newer (the authoring trigger records the edit and rebuilds the STIX);
--   * any other id, new or hidden alike, becomes a new object of the caller's, under an id the
--     database gives; the posted id names it within the envelope, so a relationship of the same
--     envelope that refers to it is stored between the new objects;
--   * what the authoring rules refuse (a type analysts do not author, an end the caller cannot
--     read, a relationship STIX does not define) fails with the database's own words, the same for
--     new and hidden ids.
-- The status resource lists each object under its posted id, as TAXII 2.1 §4.3 asks. The service
-- role (and any other non-user caller) keeps storing objects as received.

create or replace function private.taxii_store_object(_o jsonb) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _type text := _o ->> 'type';
  _id text := _o ->> 'id';
  _tlp public.tlp_level := coalesce(private.tlp_of_marking_refs(_o -> 'object_marking_refs'), 'amber');
  _modified timestamptz;
  _existing timestamptz;
  _found boolean;
  _ids jsonb;
  _stored text;
  _text_array constant text := 'array';
begin
  if _type is null or _id is null or not starts_with(_id, _type || '--') then
    return 'a STIX object needs a type and an id of that type';
  end if;
  if coalesce(_o ->> 'spec_version', '') <> '2.1' then
    return 'only STIX 2.1 objects are accepted';
  end if;
  _modified := coalesce(_o ->> 'modified', _o ->> 'created')::timestamptz;
  if _type in ('bundle', 'sighting', 'observed-data') or _type in ('artifact', 'autonomous-system', 'directory',
      'domain-name', 'email-addr', 'email-message', 'file', 'ipv4-addr', 'ipv6-addr', 'mac-addr', 'mutex',
      'network-traffic', 'process', 'software', 'url', 'user-account', 'windows-registry-key', 'x509-certificate') then
    return format('%s objects are not kept by this server', _type);
  end if;
  if current_user <> 'authenticated' then
    return private.taxii_store_received_object(_o, _tlp, _modified);
  end if;

  -- The envelope's own ids so far (posted id → stored id), for its relationships.
  _ids := coalesce(nullif(current_setting('cti.taxii_envelope_ids', true), ''), '{}')::jsonb;
  if _type = 'relationship' then
    select true, coalesce(r.modified, r.created) into _found, _existing from public.relationships r where r.stix_id = _id;
    if _found then
      if _existing is distinct from _modified and (_existing is null or _existing < _modified) then
        update public.relationships r set description = _o ->> 'description',
            revoked = coalesce((_o ->> 'revoked')::boolean, false), confidence = (_o ->> 'confidence')::smallint
         where r.stix_id = _id;
      end if;
      return null;
    end if;
    insert into public.relationships (relationship_type, source_ref, target_ref, description, start_time, stop_time,
      confidence, tlp)
    values (_o ->> 'relationship_type', coalesce(_ids ->> (_o ->> 'source_ref'), _o ->> 'source_ref'),
      coalesce(_ids ->> (_o ->> 'target_ref'), _o ->> 'target_ref'), _o ->> 'description',
      (_o ->> 'start_time')::timestamptz, (_o ->> 'stop_time')::timestamptz, (_o ->> 'confidence')::smallint, _tlp)
    returning stix_id into _stored;
  else
    select true, coalesce(o.modified, o.created) into _found, _existing from public.intel_objects o where o.stix_id = _id;
    if _found then
      if _existing is distinct from _modified and (_existing is null or _existing < _modified) then
        update public.intel_objects o set name = coalesce(left(_o ->> 'name', 1000), o.name),
            description = _o ->> 'description', revoked = coalesce((_o ->> 'revoked')::boolean, false)
         where o.stix_id = _id;
      end if;
      return null;
    end if;
    insert into public.intel_objects (type, name, description, confidence, tlp, labels, aliases, object_refs)
    values (_type, left(_o ->> 'name', 1000), _o ->> 'description', (_o ->> 'confidence')::smallint, _tlp,
      coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'labels') = _text_array then _o -> 'labels' end)), '{}'),
      coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'aliases') = _text_array then _o -> 'aliases' end)), '{}'),
      coalesce(array(select coalesce(_ids ->> r, r) from jsonb_array_elements_text(
        case when _type = 'report' and jsonb_typeof(_o -> 'object_refs') = _text_array then _o -> 'object_refs' end) r), '{}'))
    returning stix_id into _stored;
  end if;
  perform set_config('cti.taxii_envelope_ids', (_ids || jsonb_build_object(_id, _stored))::text, true);
  return null;
end
$$;
comment on function private.taxii_store_object(jsonb) is
  'Stores one STIX 2.1 object posted by TAXII as the caller (RLS applies): a signed-in user''s through the authoring path (an id they read is a new version; any other becomes their new object), anyone else''s as received; the refusal message or null.';

-- The former body, for callers that are not end users (the service role): objects as received.
create function private.taxii_store_received_object(_o jsonb, _tlp public.tlp_level, _modified timestamptz) returns text
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _type text := _o ->> 'type';
  _id text := _o ->> 'id';
  _existing timestamptz;
  _found boolean;
begin
  if _type = 'relationship' then
    select true, coalesce(r.modified, r.created) into _found, _existing from public.relationships r where r.stix_id = _id;
    if _found and _existing is not distinct from _modified then
      return null;
    elsif _found then
      update public.relationships r set stix = _o, modified = _modified, tlp = _tlp,
          revoked = coalesce((_o ->> 'revoked')::boolean, false), description = _o ->> 'description'
       where r.stix_id = _id and (r.modified is null or r.modified < _modified);
      return case when found then null else 'a newer or foreign version of this relationship exists' end;
    end if;
    insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, description, created, modified,
      start_time, stop_time, confidence, tlp, stix)
    values (_id, _o ->> 'relationship_type', _o ->> 'source_ref', _o ->> 'target_ref', _o ->> 'description',
      (_o ->> 'created')::timestamptz, _modified, (_o ->> 'start_time')::timestamptz, (_o ->> 'stop_time')::timestamptz,
      (_o ->> 'confidence')::smallint, _tlp, _o);
    return null;
  end if;
  select true, coalesce(o.modified, o.created) into _found, _existing from public.intel_objects o where o.stix_id = _id;
  if _found and _existing is not distinct from _modified then
    return null;
  elsif _found then
    update public.intel_objects o set stix = _o, modified = _modified, tlp = _tlp, name = left(_o ->> 'name', 1000),
        description = _o ->> 'description', revoked = coalesce((_o ->> 'revoked')::boolean, false)
     where o.stix_id = _id and (o.modified is null or o.modified < _modified);
    return case when found then null else 'a newer or foreign version of this object exists' end;
  end if;
  insert into public.intel_objects (stix_id, type, name, description, created, modified, confidence, tlp, spec_version, stix,
    labels, aliases)
  values (_id, _type, left(_o ->> 'name', 1000), _o ->> 'description', (_o ->> 'created')::timestamptz, _modified,
    (_o ->> 'confidence')::smallint, _tlp, '2.1', _o,
    coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'labels') = 'array' then _o -> 'labels' end)), '{}'),
    coalesce(array(select jsonb_array_elements_text(case when jsonb_typeof(_o -> 'aliases') = 'array' then _o -> 'aliases' end)), '{}'));
  return null;
end
$$;
comment on function private.taxii_store_received_object(jsonb, public.tlp_level, timestamptz) is
  'Stores a TAXII-posted STIX object as received, under its own id (callers other than end users).';
revoke all on function private.taxii_store_received_object(jsonb, public.tlp_level, timestamptz) from public, anon, authenticated;
grant execute on function private.taxii_store_received_object(jsonb, public.tlp_level, timestamptz) to service_role;

-- The authoring rules' refusals are plain words (22023): the status resource says them as they are.
create or replace function public.taxii_add_objects(_collection_id uuid, _objects jsonb)
returns table (status_id uuid, success_count integer, failure_count integer)
language plpgsql volatile security invoker set search_path = '' as $$
declare
  _o jsonb;
  _message text;
  _ok jsonb := '[]'::jsonb;
  _failed jsonb := '[]'::jsonb;
  _id uuid;
begin
  if not exists (select 1 from public.taxii_collections c where c.id = _collection_id and c.can_write) then
    -- 22023, not 42501: the caller is authorised; this collection simply takes no objects (400).
    raise exception 'This collection does not accept objects' using errcode = '22023';
  end if;
  if jsonb_typeof(_objects) <> 'array' or jsonb_array_length(_objects) > 10000 then
    raise exception 'objects must be an array of at most 10000 STIX objects' using errcode = '22023';
  end if;
  perform set_config('cti.taxii_envelope_ids', '{}', true);
  for _o in select value from jsonb_array_elements(_objects) loop
    begin
      _message := case when jsonb_typeof(_o) = 'object' then private.taxii_store_object(_o) else 'not a STIX object' end;
    exception when others then
      _message := case sqlstate
        when '22023' then left(sqlerrm, 500)
        when '42501' then 'not allowed for this user (row-level security)'
        when '23514' then 'a property is out of range'
        when '22007' then 'a timestamp is not valid'
        when '22008' then 'a timestamp is not valid'
        when '22P02' then 'a property has the wrong type'
        else 'the object could not be stored' end;
    end;
    if _message is null then
      _ok := _ok || jsonb_build_array(jsonb_build_object('id', _o ->> 'id', 'version', coalesce(_o ->> 'modified', _o ->> 'created')));
    else
      _failed := _failed || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('id', _o ->> 'id',
        'version', coalesce(_o ->> 'modified', _o ->> 'created'), 'message', _message)));
    end if;
  end loop;
  _id := private.record_taxii_status(_collection_id, jsonb_array_length(_objects), _ok, _failed);
  return query select _id, jsonb_array_length(_ok), jsonb_array_length(_failed);
end
$$;

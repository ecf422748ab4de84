-- The checked ways to use online enrichment from the app (issue 30 §2):
--   * update_enrichment_service: administrators with MFA enable a service, set its base URL, TTL
--     and API key (write-only: the key is never returned; the audit entry says only that it changed);
--   * request_enrichment: an analyst asks the enabled services that apply to an indicator's type.
--     The PAP gate is here, on the server: a value of PAP:AMBER or above is refused and nothing is
--     queued. An answer still fresh (expires_at ahead) is reused, not asked again.

create function public.update_enrichment_service(
  _id text,
  _enabled boolean,
  _base_url text,
  _ttl_hours integer,
  _api_key text default null,
  _clear_key boolean default false
) returns public.enrichment_services
language plpgsql volatile security definer set search_path = '' as $$
declare
  _service public.enrichment_services;
  _url text := btrim(coalesce(_base_url, ''));
  _key text := nullif(btrim(coalesce(_api_key, '')), '');
begin
  perform private.require_admin_mfa();
  select * into _service from public.enrichment_services s where s.id = _id for update;
  if not found then
    raise exception 'No enrichment service %.', _id using errcode = '22023';
  end if;
  if _url !~* '^https?://[^\s/?#]+[^\s?#]*$' or char_length(_url) > 500 then
    raise exception 'The base URL is an http:// or https:// address without a query (at most 500 characters).' using errcode = '22023';
  end if;
  if _ttl_hours is null or _ttl_hours not between 1 and 8760 then
    raise exception 'Answers are kept from 1 hour to 8,760 hours (a year).' using errcode = '22023';
  end if;
  if _key is not null and (char_length(_key) > 500 or _key ~ '\s') then
    raise exception 'An API key is one word of at most 500 characters, without spaces.' using errcode = '22023';
  end if;
  if _key is not null then
    insert into private.enrichment_service_keys (service_id, api_key) values (_id, _key)
    on conflict (service_id) do update set api_key = excluded.api_key, set_at = now();
    perform private.record_audit('enrichment_service.key_set', 'enrichment_service', _id, '{}'::jsonb);
  elsif coalesce(_clear_key, false) then
    delete from private.enrichment_service_keys k where k.service_id = _id;
    perform private.record_audit('enrichment_service.key_removed', 'enrichment_service', _id, '{}'::jsonb);
  end if;
  if coalesce(_enabled, false) and _service.needs_key
     and not exists (select 1 from private.enrichment_service_keys k where k.service_id = _id) then
    raise exception '% needs an API key before it can be enabled.', _service.name using errcode = '22023';
  end if;
  update public.enrichment_services s
     set enabled = coalesce(_enabled, false), base_url = regexp_replace(_url, '/+$', ''), ttl_hours = _ttl_hours,
         has_key = exists (select 1 from private.enrichment_service_keys k where k.service_id = _id),
         updated_at = now()
   where s.id = _id
  returning * into _service;
  return _service;
end
$$;
comment on function public.update_enrichment_service(text, boolean, text, integer, text, boolean) is
  'Enables or disables an enrichment service and sets its base URL, TTL and API key (admins with MFA; audited). The key is write-only: _api_key replaces it, _clear_key removes it, null keeps it.';
revoke all on function public.update_enrichment_service(text, boolean, text, integer, text, boolean) from public, anon;
grant execute on function public.update_enrichment_service(text, boolean, text, integer, text, boolean) to authenticated;

create function public.request_enrichment(_indicator_id bigint, _services text[] default null)
returns setof public.enrichment_results
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _indicator public.indicators;
  _pap public.pap_level;
  _queued integer;
begin
  if _uid is null then
    raise exception 'Sign in to ask for enrichment.' using errcode = '42501';
  end if;
  select * into _indicator from public.indicators i where i.id = _indicator_id;
  -- An unreadable indicator answers as a missing one (no existence oracle): the indicators' read policy.
  if not found or not (_indicator.tlp <= private.caller_clearance()
                       and (_indicator.tlp <> 'red' or private.indicator_red_readable(_indicator.id, _indicator.red_audience))) then
    raise exception 'No indicator %.', _indicator_id using errcode = '22023';
  end if;
  _pap := private.indicator_pap(_indicator_id);
  if not private.pap_allows_sharing(_pap) then
    raise exception 'PAP:% — not sent to outside services.', upper(_pap::text)
      using errcode = '42501', hint = 'PAP:AMBER and PAP:RED values stay inside the platform.';
  end if;
  if _services is not null and exists (select 1 from unnest(_services) x where x not in (select s.id from public.enrichment_services s)) then
    raise exception 'Unknown enrichment service in %.', _services using errcode = '22023';
  end if;
  insert into public.enrichment_results (indicator_id, service_id, status, requested_by, requested_at)
  select _indicator_id, s.id, 'queued', _uid, now()
    from public.enrichment_services s
   where s.enabled and _indicator.type = any (s.indicator_types) and (_services is null or s.id = any (_services))
  on conflict (indicator_id, service_id) do update
     set status = 'queued', requested_by = excluded.requested_by, requested_at = excluded.requested_at,
         error = null, retry_at = null, attempts = 0
   where not (enrichment_results.status = 'ok' and enrichment_results.expires_at > now())
     and enrichment_results.status <> 'queued'
     and not (enrichment_results.status = 'rate_limited' and enrichment_results.retry_at > now());
  get diagnostics _queued = row_count;
  if _queued > 0 then
    perform pg_notify('intel_import_requests', 'enrichment');
  end if;
  return query
    select r.* from public.enrichment_results r
      join public.enrichment_services s on s.id = r.service_id
     where r.indicator_id = _indicator_id and (_services is null or r.service_id = any (_services))
     order by s.name;
end
$$;
comment on function public.request_enrichment(bigint, text[]) is
  'Asks the enabled enrichment services that apply to an indicator''s type (all, or those named) about its value; answers still fresh are reused, a rate-limited service waits for its Retry-After. Refuses a value of PAP:AMBER or above (42501): it never leaves the platform.';
revoke all on function public.request_enrichment(bigint, text[]) from public, anon;
grant execute on function public.request_enrichment(bigint, text[]) to authenticated;

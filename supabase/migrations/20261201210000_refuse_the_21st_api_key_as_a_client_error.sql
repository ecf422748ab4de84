-- The 21st active API key of one person was refused with SQLSTATE 54000 (program_limit_exceeded),
-- which PostgREST, and the stack's REST layer, answer as a 500 server error (issue 36, "Also
-- found"). The limit stays at 20 and is now a client error, 409 Conflict through PostgREST's
-- PTxyz convention, whose message names the limit; nothing else of the function changes.

create or replace function public.create_api_key(_name text)
returns table (id uuid, name text, prefix text, secret text, created_at timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _most constant integer := 20;
  _secret text;
  _key public.api_keys;
begin
  if _uid is null then
    raise exception 'Sign in to create an API key' using errcode = '42501';
  end if;
  if char_length(btrim(coalesce(_name, ''))) not between 1 and 100 then
    raise exception 'Give the key a name of 1 to 100 characters' using errcode = '22023';
  end if;
  if (select count(*) from public.api_keys k where k.user_id = _uid and k.revoked_at is null) >= _most then
    raise exception 'You have % active API keys, the most one person may have: revoke one first', _most
      using errcode = 'PT409';
  end if;
  _secret := 'ctk_' || translate(rtrim(encode(extensions.gen_random_bytes(32), 'base64'), '='), '+/', '-_');
  insert into public.api_keys (user_id, name, prefix) values (_uid, btrim(_name), left(_secret, 12))
  returning * into _key;
  insert into private.api_key_hashes (key_id, secret_hash) values (_key.id, extensions.digest(_secret, 'sha256'));
  perform private.record_audit('api_key.created', 'api_key', _key.id::text,
    jsonb_build_object('name', _key.name, 'prefix', _key.prefix));
  return query select _key.id, _key.name, _key.prefix, _secret, _key.created_at;
end
$$;
comment on function public.create_api_key(text) is
  'Creates an API key for the caller and returns its secret, the only time it is shown; audited. At most 20 active keys per person (the 21st is PT409, HTTP 409).';

-- The checked ways to manage notifications from the app. Admins with MFA manage channels and rules,
-- retry dead letters and send test messages; every change is audited (the tables' row triggers record
-- the rows; secret changes are recorded without the secret). Analysts have one RPC: notify_me.

create function private.check_notification_channel(_kind public.notification_channel_kind, _target text, _secret text)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if _kind = 'email' then
    if coalesce(_target, '') !~ '^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$' or char_length(_target) > 320 then
      raise exception 'An e-mail channel needs one e-mail address, like soc@example.org.' using errcode = '22023';
    end if;
  elsif coalesce(_target, '') !~* '^https?://[^\s/?#]+' or char_length(_target) > 2048 then
    raise exception 'A % channel needs an http:// or https:// URL (at most 2,048 characters).', _kind using errcode = '22023';
  end if;
  if _secret is not null and _kind <> 'webhook' then
    raise exception 'Only webhook channels are signed: a % channel takes no secret.', _kind using errcode = '22023';
  end if;
  -- Standard Webhooks: whsec_ + base64 of 24 to 512 random bytes.
  if _secret is not null and (_secret !~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$' or char_length(_secret) > 700) then
    raise exception 'A webhook secret is whsec_ followed by the base64 of at least 24 random bytes.' using errcode = '22023';
  end if;
end
$$;
comment on function private.check_notification_channel(public.notification_channel_kind, text, text) is
  'Refuses, in plain words (22023), a channel target that is not an e-mail address or http(s) URL, and a malformed or misplaced secret.';
revoke all on function private.check_notification_channel(public.notification_channel_kind, text, text) from public, anon;
grant execute on function private.check_notification_channel(public.notification_channel_kind, text, text) to authenticated, service_role;

create function private.new_webhook_secret() returns text
language sql volatile set search_path = '' as $$
  select 'whsec_' || encode(extensions.gen_random_bytes(32), 'base64')
$$;
comment on function private.new_webhook_secret() is 'A new Standard Webhooks secret: whsec_ and the base64 of 32 random bytes.';
revoke all on function private.new_webhook_secret() from public, anon;
grant execute on function private.new_webhook_secret() to authenticated, service_role;

create function public.create_notification_channel(
  _name text,
  _kind public.notification_channel_kind,
  _target text,
  _max_tlp public.tlp_level default 'amber',
  _secret text default null
) returns table (id uuid, secret text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _id uuid;
  _generated text;
begin
  perform private.require_admin_mfa();
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A channel needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  perform private.check_notification_channel(_kind, btrim(_target), _secret);
  insert into public.notification_channels (name, kind, target, max_tlp, has_secret)
  values (btrim(_name), _kind, btrim(_target), coalesce(_max_tlp, 'amber'), _kind = 'webhook')
  returning notification_channels.id into _id;
  if _kind = 'webhook' then
    _generated := case when _secret is null then private.new_webhook_secret() end;
    insert into private.notification_channel_secrets (channel_id, secret) values (_id, coalesce(_secret, _generated));
  end if;
  return query select _id, _generated;
end
$$;
comment on function public.create_notification_channel(text, public.notification_channel_kind, text, public.tlp_level, text) is
  'Adds a channel (admins with MFA; audited). A webhook without a secret gets a generated one, returned this once; a given secret is never returned.';
revoke all on function public.create_notification_channel(text, public.notification_channel_kind, text, public.tlp_level, text) from public, anon;
grant execute on function public.create_notification_channel(text, public.notification_channel_kind, text, public.tlp_level, text) to authenticated, service_role;

create function public.update_notification_channel(
  _id uuid,
  _name text,
  _target text,
  _max_tlp public.tlp_level,
  _enabled boolean,
  _new_secret boolean default false
) returns table (id uuid, secret text)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _channel public.notification_channels;
  _generated text;
begin
  perform private.require_admin_mfa();
  select * into _channel from public.notification_channels c where c.id = _id for update;
  if not found then
    raise exception 'No notification channel %.', _id using errcode = '22023';
  end if;
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A channel needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  perform private.check_notification_channel(_channel.kind, btrim(_target), null);
  update public.notification_channels c
     set name = btrim(_name), target = btrim(_target), max_tlp = coalesce(_max_tlp, c.max_tlp),
         enabled = coalesce(_enabled, c.enabled)
   where c.id = _id;
  if coalesce(_new_secret, false) then
    if _channel.kind <> 'webhook' then
      raise exception 'Only webhook channels are signed: a % channel takes no secret.', _channel.kind using errcode = '22023';
    end if;
    _generated := private.new_webhook_secret();
    insert into private.notification_channel_secrets (channel_id, secret) values (_id, _generated)
    on conflict (channel_id) do update set secret = excluded.secret, set_at = now();
    perform private.record_audit('notification_channel.secret_rotated', 'notification_channel', _id::text, '{}'::jsonb);
  end if;
  return query select _id, _generated;
end
$$;
comment on function public.update_notification_channel(uuid, text, text, public.tlp_level, boolean, boolean) is
  'Changes a channel (admins with MFA; audited); _new_secret replaces a webhook''s secret with a generated one, returned this once.';
revoke all on function public.update_notification_channel(uuid, text, text, public.tlp_level, boolean, boolean) from public, anon;
grant execute on function public.update_notification_channel(uuid, text, text, public.tlp_level, boolean, boolean) to authenticated, service_role;

create function public.delete_notification_channel(_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  delete from public.notification_channels c where c.id = _id;
  if not found then
    raise exception 'No notification channel %.', _id using errcode = '22023';
  end if;
end
$$;
comment on function public.delete_notification_channel(uuid) is 'Deletes a channel with its deliveries (admins with MFA; audited).';
revoke all on function public.delete_notification_channel(uuid) from public, anon;
grant execute on function public.delete_notification_channel(uuid) to authenticated, service_role;

create function public.create_notification_rule(
  _name text,
  _event_kind public.notification_event_kind,
  _channel_ids uuid[],
  _min_severity public.alert_severity default 'low',
  _digest public.notification_digest default 'none',
  _view_page text default null,
  _view_query text default null
) returns public.notification_rules
language plpgsql volatile security definer set search_path = '' as $$
declare
  _rule public.notification_rules;
begin
  perform private.require_admin_mfa();
  if nullif(btrim(coalesce(_name, '')), '') is null or char_length(btrim(_name)) > 200 then
    raise exception 'A rule needs a name of 1 to 200 characters.' using errcode = '22023';
  end if;
  if coalesce(cardinality(_channel_ids), 0) = 0 then
    raise exception 'A rule needs at least one channel.' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(_channel_ids) x(id) where not exists (select 1 from public.notification_channels c where c.id = x.id)) then
    raise exception 'A rule''s channel does not exist.' using errcode = '22023';
  end if;
  -- The worker does not assemble digests yet: a digest rule would stay silent, so none is made.
  if coalesce(_digest, 'none') <> 'none' then
    raise exception 'Daily and weekly digests are not delivered yet: make the rule send each event at once.' using errcode = '22023';
  end if;
  if (_event_kind = 'saved_view') <> (_view_page is not null) then
    raise exception 'A saved_view rule needs a page (and only it takes one).' using errcode = '22023';
  end if;
  if _view_page is not null and _view_page !~ '^[a-z][a-z0-9-]{0,62}$' then
    raise exception 'A saved view''s page is a platform page name like ioc-intelligence.' using errcode = '22023';
  end if;
  if char_length(coalesce(_view_query, '')) > 4000 then
    raise exception 'A saved view''s query has at most 4,000 characters.' using errcode = '22023';
  end if;
  insert into public.notification_rules (name, event_kind, min_severity, digest, view_page, view_query, owner_id, view_cursor)
  values (btrim(_name), _event_kind, coalesce(_min_severity, 'low'), coalesce(_digest, 'none'), _view_page,
          case when _view_page is not null then coalesce(_view_query, '') end, (select auth.uid()),
          case when _view_page is not null then now() end)
  returning * into _rule;
  insert into public.notification_rule_channels (rule_id, channel_id)
  select _rule.id, x.id from (select distinct unnest(_channel_ids) as id) x;
  return _rule;
end
$$;
comment on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) is
  'Adds a rule delivering to the given channels (admins with MFA; audited). 22023 with the reason for bad input.';
revoke all on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) from public, anon;
grant execute on function public.create_notification_rule(text, public.notification_event_kind, uuid[], public.alert_severity, public.notification_digest, text, text) to authenticated, service_role;

create function public.set_notification_rule_enabled(_id uuid, _enabled boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.notification_rules r set enabled = coalesce(_enabled, r.enabled)
   where r.id = _id and ((select private.admin_mfa_verified()) or r.owner_id = (select auth.uid()));
  if not found then
    raise exception 'No notification rule % of yours.', _id using errcode = '22023';
  end if;
end
$$;
comment on function public.set_notification_rule_enabled(uuid, boolean) is 'Pauses or resumes a rule: admins with MFA any, users their own (audited).';
revoke all on function public.set_notification_rule_enabled(uuid, boolean) from public, anon;
grant execute on function public.set_notification_rule_enabled(uuid, boolean) to authenticated, service_role;

create function public.delete_notification_rule(_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from public.notification_rules r
   where r.id = _id and ((select private.admin_mfa_verified()) or r.owner_id = (select auth.uid()));
  if not found then
    raise exception 'No notification rule % of yours.', _id using errcode = '22023';
  end if;
end
$$;
comment on function public.delete_notification_rule(uuid) is 'Deletes a rule with its deliveries: admins with MFA any, users their own (audited).';
revoke all on function public.delete_notification_rule(uuid) from public, anon;
grant execute on function public.delete_notification_rule(uuid) to authenticated, service_role;

-- "Notify me" on a page: the page's URL filters become a saved_view rule of the caller, delivered to
-- the caller's own sign-in e-mail (never another address: an analyst cannot make the platform mail
-- anyone else), through the caller's own e-mail channel, made on first use.
create function public.notify_me(_page text, _query text, _name text default null) returns public.notification_rules
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _email text;
  _channel uuid;
  _rule public.notification_rules;
begin
  if _uid is null then
    raise exception 'Sign in to be notified.' using errcode = '42501';
  end if;
  if coalesce(_page, '') !~ '^[a-z][a-z0-9-]{0,62}$' then
    raise exception 'A saved view''s page is a platform page name like ioc-intelligence.' using errcode = '22023';
  end if;
  if char_length(coalesce(_query, '')) > 4000 then
    raise exception 'A saved view''s query has at most 4,000 characters.' using errcode = '22023';
  end if;
  select u.email into _email from auth.users u where u.id = _uid;
  if coalesce(_email, '') !~ '^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$' then
    raise exception 'Your account has no e-mail address to notify.' using errcode = '22023';
  end if;
  if (select count(*) from public.notification_rules r where r.owner_id = _uid) >= 50 then
    raise exception 'You have 50 saved-view notifications already: remove one first.' using errcode = '54000';
  end if;
  select c.id into _channel from public.notification_channels c
   where c.owner_id = _uid and c.kind = 'email' and c.target = _email;
  if _channel is null then
    insert into public.notification_channels (name, kind, target, owner_id)
    values (left('E-mail to ' || _email, 200), 'email', _email, _uid)
    returning id into _channel;
  end if;
  insert into public.notification_rules (name, event_kind, view_page, view_query, owner_id, view_cursor)
  values (left(coalesce(nullif(btrim(_name), ''), 'New results on ' || _page), 200), 'saved_view', _page,
          coalesce(_query, ''), _uid, now())
  returning * into _rule;
  insert into public.notification_rule_channels (rule_id, channel_id) values (_rule.id, _channel);
  return _rule;
end
$$;
comment on function public.notify_me(text, text, text) is
  'Turns a page''s URL filters into a saved_view rule of the caller, delivered to the caller''s own e-mail (at most 50 per user; audited).';
revoke all on function public.notify_me(text, text, text) from public, anon;
grant execute on function public.notify_me(text, text, text) to authenticated;

create function public.retry_notification_delivery(_id bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  update public.notification_deliveries d
     set status = 'pending', next_attempt_at = now(), attempts = 0
   where d.id = _id and d.status in ('dead', 'retrying', 'skipped');
  if not found then
    raise exception 'No failed or skipped delivery %.', _id using errcode = '22023';
  end if;
  perform private.record_audit('notification_delivery.retried', 'notification_delivery', _id::text, '{}'::jsonb);
  perform pg_notify('intel_notifications', _id::text);
end
$$;
comment on function public.retry_notification_delivery(bigint) is
  'Queues a dead, retrying or skipped delivery again from its first attempt (admins with MFA; audited); the TLP ceiling is checked again when it is sent.';
revoke all on function public.retry_notification_delivery(bigint) from public, anon;
grant execute on function public.retry_notification_delivery(bigint) to authenticated, service_role;

create function public.send_notification_test(_channel_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  _key uuid := gen_random_uuid();
  _id bigint;
begin
  perform private.require_admin_mfa();
  if not exists (select 1 from public.notification_channels c where c.id = _channel_id) then
    raise exception 'No notification channel %.', _channel_id using errcode = '22023';
  end if;
  insert into public.notification_deliveries (channel_id, event_key, event_kind, event, tlp, next_attempt_at)
  values (_channel_id, 'test:' || _key, 'test',
          jsonb_build_object('kind', 'test', 'id', _key, 'title', 'Test notification from the CTI platform',
                             'severity', 'low', 'tlp', 'clear', 'occurred_at', now(), 'path', '/platform/system-config'),
          'clear', now())
  returning id into _id;
  perform private.record_audit('notification_channel.tested', 'notification_channel', _channel_id::text,
                               jsonb_build_object('delivery_id', _id));
  perform pg_notify('intel_notifications', _id::text);
  return _id;
end
$$;
comment on function public.send_notification_test(uuid) is
  'Queues a test message on a channel for the worker to send at once (admins with MFA; audited); returns the delivery id to follow.';
revoke all on function public.send_notification_test(uuid) from public, anon;
grant execute on function public.send_notification_test(uuid) to authenticated, service_role;

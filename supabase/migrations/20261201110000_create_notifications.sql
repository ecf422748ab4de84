-- Notifications that leave the app (issue 27 §3): channels (where a message goes), rules (which events
-- go there) and deliveries (one per rule, channel and event, with every attempt logged).
--
-- Who may do what:
--   * admins with MFA manage every channel and rule through the checked RPCs below, audited;
--   * analysts create only "notify me" rules on a saved view (public.notify_me), delivered to their
--     own sign-in e-mail through a channel the RPC makes for them; they read and delete their own;
--   * the worker (service role / database owner) captures events, delivers and reads webhook secrets.
-- Webhook secrets live in private.notification_channel_secrets: no API role can read them back.
-- Events are captured by the worker scanning the source tables by a time cursor (see
-- private.capture_notification_events): no trigger is added to the hot alert table, so telemetry
-- imports that raise alerts in batches pay nothing for notifications.

create type public.notification_channel_kind as enum ('email', 'webhook', 'slack', 'mattermost', 'teams');
comment on type public.notification_channel_kind is 'Where a notification goes: an e-mail address, a signed webhook, or a chat incoming webhook.';
create type public.notification_event_kind as enum ('alert', 'kev_asset', 'watch_hit', 'import_failed', 'saved_view');
comment on type public.notification_event_kind is
  'What a rule notifies about: any new alert at a severity, a KEV entry hitting an asset, a brand or leak watch hit, a failed import, new matches of a saved view.';
create type public.notification_digest as enum ('none', 'daily', 'weekly');
comment on type public.notification_digest is 'Send each event at once (none) or gather them into a daily or weekly digest.';
create type public.notification_status as enum ('pending', 'delivered', 'retrying', 'dead', 'skipped');
comment on type public.notification_status is
  'pending (waiting for its first attempt), delivered, retrying (failed, another attempt is scheduled), dead (attempts exhausted), skipped (not sent: TLP above the channel''s ceiling, channel disabled).';

create table public.notification_channels (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  kind public.notification_channel_kind not null,
  target text not null check (char_length(target) between 3 and 2048),
  max_tlp public.tlp_level not null default 'amber',
  enabled boolean not null default true,
  owner_id uuid references auth.users (id) on delete cascade,
  has_secret boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notification_channels_target_shape check (
    case when kind = 'email' then target ~ '^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$'
         else target ~* '^https?://[^\s/?#]+' end)
);
comment on table public.notification_channels is
  'Destinations of notifications: an e-mail address or an incoming-webhook URL, each with a TLP ceiling. Webhook secrets are stored apart and never readable through the API.';
comment on column public.notification_channels.id is 'Channel id.';
comment on column public.notification_channels.name is 'Name shown in the app and the CLI.';
comment on column public.notification_channels.kind is 'email, webhook (Standard Webhooks signed), slack, mattermost or teams.';
comment on column public.notification_channels.target is 'E-mail address or http(s) URL (chat webhook URLs carry their own token: admins only read them).';
comment on column public.notification_channels.max_tlp is 'TLP ceiling: an event marked above it is recorded as skipped, never sent (default TLP:AMBER).';
comment on column public.notification_channels.enabled is 'Whether messages go out through it.';
comment on column public.notification_channels.owner_id is 'The analyst whose own e-mail channel this is (notify me); null for channels of the platform.';
comment on column public.notification_channels.has_secret is 'Whether a signing secret is stored (the secret itself is write-only).';
comment on column public.notification_channels.created_at is 'Creation time.';
comment on column public.notification_channels.updated_at is 'Last change.';
create index notification_channels_owner_id_idx on public.notification_channels (owner_id);

create table private.notification_channel_secrets (
  channel_id uuid primary key references public.notification_channels (id) on delete cascade,
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$' and char_length(secret) <= 700),
  set_at timestamptz not null default now()
);
comment on table private.notification_channel_secrets is
  'Webhook signing secrets (whsec_ + base64 of 24 to 512 bytes, per the Standard Webhooks spec); written by the RPCs and the CLI, read only by the worker.';
comment on column private.notification_channel_secrets.secret is 'The secret as given to the receiver: whsec_ then base64.';
revoke all on private.notification_channel_secrets from public, anon, authenticated;
grant select on private.notification_channel_secrets to service_role;

create table public.notification_rules (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  event_kind public.notification_event_kind not null,
  min_severity public.alert_severity not null default 'low',
  view_page text check (view_page ~ '^[a-z][a-z0-9-]{0,62}$'),
  view_query text check (char_length(view_query) <= 4000),
  digest public.notification_digest not null default 'none',
  enabled boolean not null default true,
  owner_id uuid references auth.users (id) on delete cascade,
  view_cursor timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notification_rules_view_only_for_saved_views check ((event_kind = 'saved_view') = (view_page is not null))
);
comment on table public.notification_rules is 'Which events are notified, to which channels (notification_rule_channels), at once or as a digest.';
comment on column public.notification_rules.id is 'Rule id.';
comment on column public.notification_rules.name is 'Name shown in the app and in the messages.';
comment on column public.notification_rules.event_kind is 'alert, kev_asset, watch_hit, import_failed or saved_view.';
comment on column public.notification_rules.min_severity is 'Alerts (alert, kev_asset, watch_hit) below this severity are not notified.';
comment on column public.notification_rules.view_page is 'saved_view: the platform page (e.g. ioc-intelligence).';
comment on column public.notification_rules.view_query is 'saved_view: the page''s URL query (its filters), stored raw, evaluated as the owner.';
comment on column public.notification_rules.digest is 'none (each event at once), daily or weekly.';
comment on column public.notification_rules.enabled is 'Whether the rule notifies.';
comment on column public.notification_rules.owner_id is 'Who the rule belongs to (a saved view is evaluated with this user''s access); null for rules of the platform.';
comment on column public.notification_rules.view_cursor is 'saved_view: newest match already notified (only newer matches notify).';
comment on column public.notification_rules.created_at is 'Creation time; events older than the rule are not notified.';
comment on column public.notification_rules.updated_at is 'Last change.';
create index notification_rules_owner_id_idx on public.notification_rules (owner_id);

create table public.notification_rule_channels (
  rule_id uuid not null references public.notification_rules (id) on delete cascade,
  channel_id uuid not null references public.notification_channels (id) on delete cascade,
  primary key (rule_id, channel_id)
);
comment on table public.notification_rule_channels is 'The channels each rule delivers to.';
comment on column public.notification_rule_channels.rule_id is 'The rule.';
comment on column public.notification_rule_channels.channel_id is 'A channel it delivers to.';
create index notification_rule_channels_channel_id_idx on public.notification_rule_channels (channel_id);

create table public.notification_deliveries (
  id bigint generated always as identity primary key,
  rule_id uuid references public.notification_rules (id) on delete cascade,
  channel_id uuid not null references public.notification_channels (id) on delete cascade,
  event_key text not null check (char_length(event_key) between 1 and 300),
  event_kind text not null check (char_length(event_kind) between 1 and 40),
  event jsonb not null check (jsonb_typeof(event) = 'object' and pg_column_size(event) <= 65536),
  tlp public.tlp_level not null default 'amber',
  status public.notification_status not null default 'pending',
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  last_error text check (char_length(last_error) <= 2000),
  response_status integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz,
  constraint notification_deliveries_once unique (rule_id, channel_id, event_key)
);
comment on table public.notification_deliveries is
  'One message per rule, channel and event (unique: a second capture pass never duplicates it), with its delivery state. Test messages have no rule.';
comment on column public.notification_deliveries.id is 'Delivery id.';
comment on column public.notification_deliveries.rule_id is 'The rule that matched (null for a test message).';
comment on column public.notification_deliveries.channel_id is 'Where it goes.';
comment on column public.notification_deliveries.event_key is 'The event''s identity, e.g. alert:<uuid>, import_run:<id>, indicator:<id>, test:<uuid>.';
comment on column public.notification_deliveries.event_kind is 'alert, kev_asset, watch_hit, import_failed, saved_view or test.';
comment on column public.notification_deliveries.event is 'What the message says (title, severity, TLP, link into the app), stored raw and rendered as text.';
comment on column public.notification_deliveries.tlp is 'The event''s TLP, compared with the channel''s ceiling.';
comment on column public.notification_deliveries.status is 'pending, delivered, retrying, dead or skipped.';
comment on column public.notification_deliveries.attempts is 'Attempts made so far.';
comment on column public.notification_deliveries.next_attempt_at is 'When the worker tries next (null once delivered, dead or skipped).';
comment on column public.notification_deliveries.last_error is 'Why the last attempt failed, or why it was skipped.';
comment on column public.notification_deliveries.response_status is 'HTTP status of the last webhook attempt (SMTP reply code for e-mail).';
comment on column public.notification_deliveries.created_at is 'When the event was captured.';
comment on column public.notification_deliveries.updated_at is 'Last change.';
comment on column public.notification_deliveries.delivered_at is 'When it was delivered.';
create index notification_deliveries_due_idx on public.notification_deliveries (next_attempt_at)
  where status in ('pending', 'retrying');
create index notification_deliveries_channel_id_idx on public.notification_deliveries (channel_id);
create index notification_deliveries_recent_idx on public.notification_deliveries (created_at desc);

create table public.notification_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references public.notification_deliveries (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  duration_ms integer not null check (duration_ms >= 0),
  response_status integer,
  error text check (char_length(error) <= 2000),
  delivered boolean not null
);
comment on table public.notification_attempts is 'The delivery log: one row per attempt.';
comment on column public.notification_attempts.id is 'Attempt id.';
comment on column public.notification_attempts.delivery_id is 'The delivery tried.';
comment on column public.notification_attempts.attempted_at is 'When.';
comment on column public.notification_attempts.duration_ms is 'How long the attempt took.';
comment on column public.notification_attempts.response_status is 'HTTP status (or SMTP reply code) received, if any.';
comment on column public.notification_attempts.error is 'Why it failed (timeout, refused redirect, status, SMTP error).';
comment on column public.notification_attempts.delivered is 'Whether this attempt delivered the message.';
create index notification_attempts_delivery_id_idx on public.notification_attempts (delivery_id, attempted_at desc);

create table private.notification_cursors (
  source text primary key check (source in ('alerts', 'import_runs')),
  after timestamptz not null
);
comment on table private.notification_cursors is 'How far the worker''s capture has read each source table.';
comment on column private.notification_cursors.after is 'Events up to this time were captured (each pass re-reads a margin before it; the unique delivery key absorbs repeats).';
revoke all on private.notification_cursors from public, anon, authenticated;

create trigger notification_channels_touch_updated_at before update on public.notification_channels
  for each row execute function private.touch_updated_at();
create trigger notification_rules_touch_updated_at before update on public.notification_rules
  for each row execute function private.touch_updated_at();
create trigger notification_deliveries_touch_updated_at before update on public.notification_deliveries
  for each row execute function private.touch_updated_at();
-- Every change of a channel or rule, by the RPCs, the CLI or a SQL console, is in the audit trail.
create trigger notification_channels_audited after insert or update or delete on public.notification_channels
  for each row execute function private.audit_row_change('notification_channel', 'id');
create trigger notification_rules_audited after insert or update or delete on public.notification_rules
  for each row execute function private.audit_row_change('notification_rule', 'id', 'view_cursor');

alter table public.notification_channels enable row level security;
alter table public.notification_rules enable row level security;
alter table public.notification_rule_channels enable row level security;
alter table public.notification_deliveries enable row level security;
alter table public.notification_attempts enable row level security;
revoke all on public.notification_channels, public.notification_rules, public.notification_rule_channels,
  public.notification_deliveries, public.notification_attempts from public, anon, authenticated;
grant select on public.notification_channels, public.notification_rules, public.notification_rule_channels,
  public.notification_deliveries, public.notification_attempts to authenticated;
grant all on public.notification_channels, public.notification_rules, public.notification_rule_channels,
  public.notification_deliveries, public.notification_attempts to service_role;

create policy "Admins with MFA read every channel, users their own" on public.notification_channels
  for select to authenticated
  using ((select private.admin_mfa_verified()) or owner_id = (select auth.uid()));
create policy "Admins with MFA read every rule, users their own" on public.notification_rules
  for select to authenticated
  using ((select private.admin_mfa_verified()) or owner_id = (select auth.uid()));
create policy "Admins with MFA read every rule's channels, users their own rules'" on public.notification_rule_channels
  for select to authenticated
  using ((select private.admin_mfa_verified())
         or exists (select 1 from public.notification_rules r where r.id = rule_id and r.owner_id = (select auth.uid())));
create policy "Admins with MFA read every delivery, users those of their own rules" on public.notification_deliveries
  for select to authenticated
  using ((select private.admin_mfa_verified())
         or exists (select 1 from public.notification_rules r where r.id = rule_id and r.owner_id = (select auth.uid())));
create policy "Admins with MFA read every attempt, users those of their own rules" on public.notification_attempts
  for select to authenticated
  using ((select private.admin_mfa_verified())
         or exists (select 1 from public.notification_deliveries d join public.notification_rules r on r.id = d.rule_id
                     where d.id = delivery_id and r.owner_id = (select auth.uid())));

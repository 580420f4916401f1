-- Notifications: rules, silences, groups and the send history, with the reference's names and
-- columns. Resource ids (check_id, config_id, component_id, canary_id, resource_id) carry no
-- foreign keys: they point into other domains' tables, and a history row must outlive a deleted
-- resource. Durations: repeat_interval and fallback_delay keep the spec's text form ("4h");
-- wait_for, wait_for_eval_period and group_by_interval are seconds.

create table notifications (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  events text[] not null,
  title text,
  template text,
  filter text,
  properties jsonb,
  playbook_id uuid,
  person_id uuid references people (id),
  team_id uuid references teams (id),
  custom_services jsonb,
  repeat_interval text,
  inhibitions jsonb,
  wait_for bigint,
  wait_for_eval_period bigint,
  group_by text[],
  group_by_interval bigint,
  watchdog_schedule text,
  fallback_delay text,
  fallback_custom_services jsonb,
  fallback_playbook_id uuid,
  fallback_person_id uuid references people (id),
  fallback_team_id uuid references teams (id),
  -- a rule with an error is paused: it sends nothing until resumed (error cleared)
  error text,
  error_at timestamptz,
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index notifications_name_namespace_key on notifications (name, namespace) where deleted_at is null;
create index notifications_events_idx on notifications using gin (events) where deleted_at is null;
create trigger notifications_updated_at before update on notifications for each row execute function set_updated_at();

create table notification_silences (
  id uuid primary key default gen_random_uuid(),
  namespace text not null default 'default',
  name text not null,
  description text,
  filter text,
  selectors jsonb,
  error text,
  "from" timestamptz,
  until timestamptz,
  recursive boolean not null default false,
  config_id uuid,
  check_id uuid,
  canary_id uuid,
  component_id uuid,
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index notification_silences_active_idx on notification_silences (until) where deleted_at is null;
create trigger notification_silences_updated_at before update on notification_silences
  for each row execute function set_updated_at();

create table notification_groups (
  id uuid primary key default gen_random_uuid(),
  hash text not null,
  notification_id uuid not null references notifications (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index notification_groups_hash_idx on notification_groups (notification_id, hash, created_at desc);

create table notification_group_resources (
  group_id uuid not null references notification_groups (id) on delete cascade,
  config_id uuid,
  check_id uuid,
  component_id uuid,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index notification_group_resources_key
  on notification_group_resources (group_id, coalesce(config_id, check_id, component_id));

create table notification_send_history (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references notifications (id),
  body text not null default '',
  body_payload jsonb,
  status text not null check (status in ('sent', 'error', 'pending', 'skipped', 'silenced', 'repeat-interval',
    'inhibited', 'pending_playbook_run', 'pending_playbook_completion', 'evaluating-waitfor', 'attempting_fallback')),
  not_before timestamptz,
  retries int not null default 0,
  payload jsonb,
  count int not null default 1,
  first_observed timestamptz not null default now(),
  source_event text not null,
  resource_id uuid not null,
  -- snapshot of the resource when the event was handled: {kind, id, name, type, ...}
  resource jsonb,
  resource_health text,
  resource_status text,
  resource_health_description text,
  person_id uuid,
  team_id uuid,
  connection_id uuid,
  -- who or where the send went: "person:<id>", "team:<id>", "email:a@b", "connection://ns/name", a URL scheme
  recipient text,
  silenced_by uuid references notification_silences (id),
  playbook_run_id uuid,
  error text,
  duration_millis int,
  created_at timestamptz not null default now(),
  group_id uuid references notification_groups (id),
  parent_id uuid references notification_send_history (id)
);
-- the repeat-interval lookup: the latest sent row of a rule for one resource and event
create index notification_send_history_repeat_idx
  on notification_send_history (notification_id, resource_id, source_event, created_at desc) where status = 'sent';
create index notification_send_history_created_idx on notification_send_history (created_at desc);

-- Rules as the rules list shows them: send counts and the last failure, and paused when error is set.
create view notifications_summary as
select
  n.id, n.name, n.namespace, n.events, n.title, n.filter, n.person_id, n.team_id, n.custom_services,
  n.repeat_interval, n.wait_for, n.group_by, n.error, n.error_at, n.source, n.created_by,
  n.created_at, n.updated_at, n.deleted_at,
  (n.error is not null) as paused,
  coalesce(h.sent, 0)::int as sent,
  coalesce(h.failed, 0)::int as failed,
  coalesce(h.pending, 0)::int as pending,
  coalesce(h.silenced, 0)::int as silenced,
  coalesce(h.repeated, 0)::int as repeated,
  h.last_sent_at,
  h.last_failed_at,
  h.avg_duration_ms
from notifications n
left join (
  select
    notification_id,
    count(*) filter (where status = 'sent') as sent,
    count(*) filter (where status = 'error') as failed,
    count(*) filter (where status = 'pending') as pending,
    count(*) filter (where status = 'silenced') as silenced,
    count(*) filter (where status = 'repeat-interval') as repeated,
    max(created_at) filter (where status = 'sent') as last_sent_at,
    max(created_at) filter (where status = 'error') as last_failed_at,
    avg(duration_millis) filter (where status = 'sent')::float8 as avg_duration_ms
  from notification_send_history
  group by notification_id
) h on h.notification_id = n.id;

-- Send history rows with their rule's name and the resource snapshot flattened for lists.
create view notification_send_history_summary as
select
  h.id, h.notification_id, h.status, h.source_event, h.resource_id, h.resource_health, h.resource_status,
  h.resource_health_description, h.recipient, h.person_id, h.team_id, h.connection_id, h.silenced_by,
  h.parent_id, h.group_id, h.error, h.retries, h.count, h.duration_millis, h.not_before, h.first_observed,
  h.created_at,
  h.resource->>'kind' as resource_kind,
  h.resource->>'type' as resource_type,
  h.resource->>'name' as resource_name,
  h.resource,
  h.body_payload->>'title' as title,
  n.name as notification_name,
  n.namespace as notification_namespace
from notification_send_history h
join notifications n on n.id = h.notification_id;

-- The consumers' claim query: due rows by priority, oldest first.
create index event_queue_due_idx on event_queue (name, priority desc, created_at);

-- Playbooks (reference backend.md 1.1 "Playbooks", 6.1): the playbook specs, their runs, the
-- actions of each run, approvals and the artifacts actions leave behind. Run and action rows are
-- the work queue itself: consumers claim them with FOR UPDATE SKIP LOCKED (playbooks/claims.ts).

create table playbooks (
  id uuid primary key default gen_random_uuid(),
  namespace text not null default 'default',
  name text not null,
  title text not null default '',
  icon text,
  description text,
  spec jsonb not null,
  source text not null default 'UI',
  category text not null default '',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index playbooks_name_key on playbooks (namespace, name) where deleted_at is null;

create table playbook_runs (
  id uuid primary key default gen_random_uuid(),
  playbook_id uuid not null references playbooks (id),
  -- the spec as it was when the run started: editing the playbook does not change a run
  spec jsonb not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'running', 'pending_approval',
    'sleeping', 'retrying', 'waiting', 'completed', 'failed', 'cancelled', 'timed_out')),
  created_at timestamptz not null default now(),
  start_time timestamptz,
  scheduled_time timestamptz not null default now(),
  end_time timestamptz,
  -- nanoseconds, as the reference stores it (default 30 minutes)
  timeout bigint not null default 1800000000000,
  created_by uuid references people (id),
  notification_send_id uuid,
  check_id uuid references checks (id) on delete set null,
  config_id uuid references config_items (id) on delete set null,
  component_id uuid,
  parameters jsonb,
  request jsonb,
  agent_id uuid,
  parent_id uuid references playbook_runs (id),
  error text
);
-- the run consumer's claim: due runs by time
create index playbook_runs_due_idx on playbook_runs (scheduled_time) where status = 'scheduled';
create index playbook_runs_active_idx on playbook_runs (status) where status in ('running', 'sleeping', 'retrying', 'waiting');
create index playbook_runs_playbook_idx on playbook_runs (playbook_id, created_at desc);
create index playbook_runs_created_idx on playbook_runs (created_at desc) where parent_id is null;
create index playbook_runs_parent_idx on playbook_runs (parent_id) where parent_id is not null;

create table playbook_run_actions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  status text not null default 'running' check (status in ('scheduled', 'running', 'waiting',
    'waiting_children', 'sleeping', 'completed', 'failed', 'skipped')),
  retry_count int not null default 0,
  playbook_run_id uuid not null references playbook_runs (id) on delete cascade,
  start_time timestamptz,
  scheduled_time timestamptz not null default now(),
  end_time timestamptz,
  result jsonb,
  is_pushed boolean not null default false,
  agent_id uuid,
  error text,
  -- position of the action in the run's spec
  action_index int not null,
  -- who runs it and until when: a claim whose lease passed is taken over (the worker died)
  claimed_by text,
  lease_until timestamptz,
  unique (playbook_run_id, action_index)
);
create index playbook_run_actions_due_idx on playbook_run_actions (scheduled_time) where status in ('scheduled', 'sleeping');
create index playbook_run_actions_lease_idx on playbook_run_actions (lease_until) where status = 'running';

create table playbook_approvals (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references playbook_runs (id) on delete cascade,
  person_id uuid references people (id),
  team_id uuid references teams (id),
  created_at timestamptz not null default now()
);
create unique index playbook_approvals_person_key on playbook_approvals (run_id, person_id, coalesce(team_id, '00000000-0000-0000-0000-000000000000'));

-- Files an action left behind (exec artifacts), kept in the database so every process serves them.
create table artifacts (
  id uuid primary key default gen_random_uuid(),
  playbook_run_action_id uuid references playbook_run_actions (id) on delete cascade,
  check_id uuid,
  connection_id uuid,
  path text not null,
  filename text not null,
  size bigint not null,
  content_type text not null default 'application/octet-stream',
  checksum text not null,
  content bytea not null,
  is_pushed boolean not null default false,
  is_data_pushed boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  deleted_at timestamptz
);
create index artifacts_action_idx on artifacts (playbook_run_action_id);

-- Schedules of `on.schedule` triggers: claimed by moving next_runtime forward (the scheduler's pattern).
create table playbook_schedules (
  playbook_id uuid not null references playbooks (id) on delete cascade,
  schedule_index int not null,
  schedule text not null,
  next_runtime timestamptz not null,
  primary key (playbook_id, schedule_index)
);

create view playbook_names as
select id, namespace, name, title, icon, category, source, created_at
from playbooks
where deleted_at is null;

-- The actions of a run and its child runs, with their artifacts (rpc/get_playbook_run_actions).
create function get_playbook_run_actions(run_id uuid)
returns table (
  id uuid, name text, playbook_run_id uuid, status text, scheduled_time timestamptz,
  start_time timestamptz, end_time timestamptz, result jsonb, error text, agent_id uuid,
  retry_count int, agent jsonb, artifacts jsonb
)
language sql stable as $$
  select a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time,
         a.result, a.error, a.agent_id, a.retry_count,
         case when ag.id is not null then jsonb_build_object('id', ag.id, 'name', ag.name) end,
         coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'path', f.path, 'filename', f.filename,
                    'size', f.size, 'content_type', f.content_type, 'checksum', f.checksum, 'created_at', f.created_at)
                    order by f.path)
                   from artifacts f where f.playbook_run_action_id = a.id and f.deleted_at is null), '[]'::jsonb)
  from playbook_run_actions a
  left join agents ag on ag.id = a.agent_id
  where a.playbook_run_id = $1
     or a.playbook_run_id in (select r.id from playbook_runs r where r.parent_id = $1)
  order by a.scheduled_time, a.action_index
$$;

-- Log backends (issue 16 item 8, spec part 2 section 3): where the Logs page reads from. Edited in
-- the generic settings editor (name required, labels, spec as YAML); listed as integrations.
create table logging_backends (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  labels jsonb,
  spec jsonb not null default '{}',
  source text not null default 'UI',
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index logging_backends_name_key on logging_backends (name) where deleted_at is null;
create trigger logging_backends_updated_at before update on logging_backends for each row execute function set_updated_at();

create or replace view integrations_with_status as
select
  s.id, s.name, s.namespace, s.description, 'scrapers'::text as integration_type, s.source, s.agent_id,
  s.created_at, s.updated_at, s.deleted_at, s.created_by,
  jh.name as job_name, jh.success_count as job_success_count, jh.error_count as job_error_count,
  jh.details as job_details, jh.hostname as job_hostname, jh.duration_millis as job_duration_millis,
  jh.resource_type as job_resource_type, jh.status as job_status, jh.time_start as job_time_start,
  jh.time_end as job_time_end, jh.created_at as job_created_at,
  case when a.id is not null then jsonb_build_object('id', a.id, 'name', a.name) end as agent,
  p.name as creator_name, p.avatar as creator_avatar, p.title as creator_title, p.email as creator_email
from config_scrapers s
left join job_history_latest_status jh on jh.resource_id = s.id::text and jh.resource_type = 'config_scraper'
left join agents a on a.id = s.agent_id
left join people p on p.id = s.created_by
union all
-- log backends run no jobs: their job columns are empty
select
  l.id, l.name, null, null, 'logging_backends', l.source, l.agent_id,
  l.created_at, l.updated_at, l.deleted_at, l.created_by,
  null, null, null, null, null, null, null, null, null, null, null,
  case when a.id is not null then jsonb_build_object('id', a.id, 'name', a.name) end,
  p.name, p.avatar, p.title, p.email
from logging_backends l
left join agents a on a.id = l.agent_id
left join people p on p.id = l.created_by;

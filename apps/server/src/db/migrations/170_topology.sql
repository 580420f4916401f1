-- Topology: Topology resources, the components their runs produce, the links of components to
-- child components, checks and config items, and the views the topology pages read. Names and
-- columns follow the reference schema (backend.md section 1.1). PostgreSQL 15 SQL only.

create table topologies (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  name text not null,
  namespace text not null default 'default',
  labels jsonb,
  spec jsonb not null,
  source text not null default 'UI',
  schedule text,
  -- the claim of the next run (the check scheduler's pattern): moved forward by the process that runs it
  next_runtime timestamptz,
  claimed_by text,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index topologies_name_key on topologies (agent_id, name, namespace) where deleted_at is null;
create index topologies_due_idx on topologies (next_runtime) where deleted_at is null;
create trigger topologies_updated_at before update on topologies for each row execute function set_updated_at();

-- A plain DELETE of a topology is a soft delete, and its components go with it.
create or replace function topologies_delete_is_soft() returns trigger language plpgsql as $$
begin
  update topologies set deleted_at = now() where id = old.id and deleted_at is null;
  return null;
end $$;
create trigger topologies_delete_is_soft before delete on topologies for each row
  execute function topologies_delete_is_soft();
create or replace function topologies_soft_delete_components() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    update components set deleted_at = new.deleted_at where topology_id = new.id and deleted_at is null;
  end if;
  return null;
end $$;
create trigger topologies_soft_delete_components after update of deleted_at on topologies for each row
  execute function topologies_soft_delete_components();

create table components (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  topology_id uuid references topologies (id),
  external_id text not null,
  parent_id uuid references components (id),
  config_id uuid,
  name text not null,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean not null default false,
  silenced boolean not null default false,
  is_pushed boolean not null default false,
  status text not null default 'unknown',
  status_expr text,
  health_expr text,
  -- what the run (spec or lookup) said of the component itself; status and health are rolled up from it
  own_status text,
  own_health text,
  -- when the rolled-up health last changed (incident rules count filter.age from it)
  last_transition_time timestamptz,
  health text check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  description text,
  lifecycle text,
  tooltip text,
  status_reason text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  -- dot-joined ids of the ancestors, root first (empty for a root)
  path text,
  summary jsonb,
  is_leaf boolean not null default false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- The run's upsert key (the reference's (topology_id, name, type, parent_id)).
create unique index components_topology_key on components
  (topology_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'), name, coalesce(type, ''));
create index components_parent_idx on components (parent_id) where deleted_at is null;
create index components_topology_idx on components (topology_id) where deleted_at is null;
create index components_labels_idx on components using gin (labels jsonb_path_ops);
create trigger components_updated_at before update on components for each row execute function set_updated_at();

-- child component_id under parent relationship_id, found by the parent's selectors (selector_id: their hash)
create table component_relationships (
  component_id uuid not null references components (id),
  relationship_id uuid not null references components (id),
  selector_id text not null default '',
  relationship_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  is_pushed boolean not null default false,
  primary key (component_id, relationship_id, selector_id)
);
create index component_relationships_parent_idx on component_relationships (relationship_id) where deleted_at is null;

create table check_component_relationships (
  component_id uuid not null references components (id),
  check_id uuid not null references checks (id),
  canary_id uuid not null references canaries (id),
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  is_pushed boolean not null default false,
  primary key (component_id, check_id, selector_id)
);
create index check_component_relationships_check_idx on check_component_relationships (check_id) where deleted_at is null;

-- Checks of components whose status changed, waiting for the roll-up watcher (which deletes what
-- it takes, so no transition is missed however late its transaction commits).
create table component_rollup_queue (
  check_id uuid primary key,
  queued_at timestamptz not null default now()
);
create or replace function checks_queue_component_rollup() returns trigger language plpgsql as $$
begin
  if (new.status is distinct from old.status or new.deleted_at is distinct from old.deleted_at)
     and exists (select 1 from check_component_relationships r where r.check_id = new.id and r.deleted_at is null) then
    insert into component_rollup_queue (check_id) values (new.id) on conflict (check_id) do nothing;
  end if;
  return null;
end $$;
create trigger checks_queue_component_rollup after update of status, deleted_at on checks for each row
  execute function checks_queue_component_rollup();

-- Component names for pickers and links: live, not hidden.
create view component_names as
select id, path, external_id, type, name, created_at, updated_at, icon, parent_id
from components where deleted_at is null and not hidden;

create view component_names_all as
select id, path, external_id, type, name, created_at, updated_at, icon, parent_id, deleted_at
from components;

create view component_labels as
select distinct l.key, l.value
from components c, jsonb_each_text(coalesce(c.labels, '{}'::jsonb)) as l(key, value)
where c.deleted_at is null;

create view component_types as
select distinct type from components where deleted_at is null and type is not null;

create view components_with_logs as
select id, name, agent_id, icon, type from components
where deleted_at is null and log_selectors is not null and log_selectors <> 'null'::jsonb;

-- The checks of each component (its side panel).
create view checks_by_component as
select r.component_id, c.id, c.type, c.name, c.severity, c.status, c.canary_id, c.icon
from check_component_relationships r
join checks c on c.id = r.check_id
where r.deleted_at is null and c.deleted_at is null;

-- job_histories learns the names of topologies.
create or replace view job_histories as
select
  jh.*,
  case
    when jh.resource_type = 'team' then (select t.name from teams t where t.id::text = jh.resource_id)
    when jh.resource_type = 'canary' then (select c.name from canaries c where c.id::text = jh.resource_id)
    when jh.resource_type = 'config_scraper' then (select s.name from config_scrapers s where s.id::text = jh.resource_id)
    when jh.resource_type = 'topology' then (select tp.name from topologies tp where tp.id::text = jh.resource_id)
  end as resource_name,
  jsonb_build_object('id', a.id, 'name', a.name) as agent
from job_history jh
left join agents a on a.id = jh.agent_id;

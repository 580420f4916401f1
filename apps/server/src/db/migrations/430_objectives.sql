-- Service level objectives (kind ServiceLevelObjective, opsdeck.dev/v1): the spec as applied or
-- saved from Settings; figures are computed from check results when read.
create table service_level_objectives (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  namespace text not null default 'default',
  description text not null default '',
  spec jsonb not null,
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index service_level_objectives_name_key on service_level_objectives (namespace, name)
  where deleted_at is null;
create trigger service_level_objectives_updated_at before update on service_level_objectives
  for each row execute function set_updated_at();

-- Which alert of an objective fires (alert: the event name, e.g. slo.burn.critical). The evaluation
-- flips a row with a compare-and-set and queues the event in the same transaction, so with several
-- workers each change is announced once.
create table service_level_objective_alerts (
  objective_id uuid not null references service_level_objectives (id) on delete cascade,
  alert text not null,
  firing boolean not null default false,
  changed_at timestamptz not null default now(),
  primary key (objective_id, alert)
);

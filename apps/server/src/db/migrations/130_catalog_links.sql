-- Links of health checks to config items and components (reference backend.md section 1.1), the
-- per-component views of the catalog, and the indexes the catalog reads lean on.
-- check_component_relationships belongs to the topology domain (170); components carry no foreign key here.

create table check_config_relationships (
  config_id uuid not null references config_items (id) on delete cascade,
  check_id uuid not null references checks (id) on delete cascade,
  canary_id uuid references canaries (id),
  selector_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  is_pushed boolean not null default false,
  primary key (check_id, config_id)
);
create index check_config_relationships_config_idx on check_config_relationships (config_id);

-- Insights and changes of the config items linked to a component (spec part 1 section 7).
create view analysis_by_component as
select r.component_id, ca.*
from config_component_relationships r
join config_analysis ca on ca.config_id = r.config_id
where r.deleted_at is null;

create view changes_by_component as
select r.component_id, cc.id, cc.config_id, cc.change_type, cc.severity, cc.source, cc.summary,
  cc.created_at, cc.count, cc.external_created_by, cc.created_by, ci.name, ci.type, ci.config_class
from config_component_relationships r
join config_changes cc on cc.config_id = r.config_id
join config_items ci on ci.id = cc.config_id
where r.deleted_at is null;

create or replace function lookup_analysis_by_component(id uuid) returns setof config_analysis
language sql stable as $$
  select ca.* from config_analysis ca
  join config_component_relationships r on r.config_id = ca.config_id
  where r.component_id = $1 and r.deleted_at is null
$$;

-- The summary groups live items by class and type; the changes page filters by change type.
create index config_changes_type_time_idx on config_changes (change_type, created_at desc);

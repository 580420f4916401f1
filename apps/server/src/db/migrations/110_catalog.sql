-- The configuration catalog: scrapers (ScrapeConfig resources), the config items they find, the
-- changes and insights (analysis) recorded on them, relationships between items and manual links
-- to components, plus the views and the recursive relationship function the catalog pages read.
-- Names and columns follow the reference schema (backend.md section 1). PostgreSQL 15 SQL only.
-- References to components carry no foreign key: that table belongs to the topology domain.

create table config_scrapers (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  name text not null,
  namespace text not null default 'default',
  description text,
  spec jsonb not null,
  source text not null default 'UI',
  application_id uuid,
  is_pushed boolean not null default false,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index config_scrapers_name_key on config_scrapers (agent_id, name, namespace, source)
  where deleted_at is null;
create trigger config_scrapers_updated_at before update on config_scrapers for each row
  execute function set_updated_at();

-- A plain DELETE of a scraper is a soft delete: its items and their history stay readable.
create or replace function config_scrapers_delete_is_soft() returns trigger language plpgsql as $$
begin
  update config_scrapers set deleted_at = now() where id = old.id and deleted_at is null;
  return null;
end $$;
create trigger config_scrapers_delete_is_soft before delete on config_scrapers for each row
  execute function config_scrapers_delete_is_soft();

-- One config item. `external_id[1]` is the id the scraper gave it; later elements are aliases.
-- updated_at moves only when the scrape saw a change (the engine sets it from its clock), so
-- "last changed" is meaningful; when an item was last seen is in config_items_last_scraped_time.
create table config_items (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  icon text,
  scraper_id uuid references config_scrapers (id),
  config_class text not null,
  status text,
  health text check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  ready boolean,
  external_id text[],
  type text not null,
  name text,
  description text,
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  properties jsonb,
  parent_id uuid references config_items (id),
  path text,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  is_pushed boolean not null default false,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  delete_reason text,
  inserted_at timestamptz not null default now()
);
-- The scrape engine's upsert key: (scraper, type, external id).
create unique index config_items_scraper_key on config_items (scraper_id, type, (external_id[1]));
-- The catalog list: live items by type and name (default sort), and by class.
create index config_items_type_name_idx on config_items (type, name) where deleted_at is null;
create index config_items_class_idx on config_items (config_class, type) where deleted_at is null;
create index config_items_parent_idx on config_items (parent_id) where parent_id is not null;
create index config_items_tags_idx on config_items using gin (tags jsonb_path_ops);
create index config_items_labels_idx on config_items using gin (labels jsonb_path_ops);

create table config_items_last_scraped_time (
  config_id uuid primary key references config_items (id) on delete cascade,
  last_scraped_time timestamptz not null
);

create table config_changes (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references config_items (id) on delete cascade,
  external_change_id text,
  external_created_by text,
  change_type text not null,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  count int not null default 1,
  fingerprint text,
  first_observed timestamptz,
  is_pushed boolean not null default false,
  inserted_at timestamptz not null default now(),
  unique (config_id, external_change_id)
);
-- A config item's changes, newest first (the Changes tab and the recursive changes query).
create index config_changes_config_time_idx on config_changes (config_id, created_at desc);
-- The changes page across the catalog, newest first.
create index config_changes_created_at_idx on config_changes (created_at desc);
-- Dedupe: the latest change of a config item with a fingerprint.
create index config_changes_fingerprint_idx on config_changes (config_id, fingerprint, created_at desc)
  where fingerprint is not null;

-- Insights. One row per (config item, analyzer): re-observing it moves last_observed.
create table config_analysis (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references config_items (id) on delete cascade,
  scraper_id uuid references config_scrapers (id),
  created_by uuid references people (id),
  source text,
  analyzer text not null,
  analysis_type text check (analysis_type in ('availability', 'compliance', 'cost', 'integration', 'other',
    'performance', 'recommendation', 'reliability', 'security', 'technical_debt')),
  severity text,
  summary text,
  status text not null default 'open' check (status in ('open', 'resolved', 'silenced')),
  message text,
  analysis jsonb,
  properties jsonb,
  first_observed timestamptz not null default now(),
  last_observed timestamptz,
  is_pushed boolean not null default false,
  unique (config_id, analyzer)
);
create index config_analysis_open_idx on config_analysis (config_id) where status = 'open';

-- An edge from config_id to related_id. relation = 'hard' is a parent -> child edge (written by
-- the trigger below from config_items.parent_id); any other relation is a soft edge.
create table config_relationships (
  config_id uuid not null references config_items (id) on delete cascade,
  related_id uuid not null references config_items (id) on delete cascade,
  relation text not null default '',
  scraper_id uuid references config_scrapers (id),
  selector_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  is_pushed boolean not null default false,
  constraint config_relationships_key unique nulls not distinct (related_id, config_id, relation, scraper_id)
);
-- Outgoing lookups; incoming ones use the unique key (related_id first).
create index config_relationships_config_idx on config_relationships (config_id, related_id);

-- Manual links of a component to a config item ("Link to catalog", selector_id 'manual').
create table config_component_relationships (
  component_id uuid not null,
  config_id uuid not null references config_items (id) on delete cascade,
  selector_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  is_pushed boolean not null default false,
  primary key (component_id, config_id)
);
create index config_component_relationships_config_idx on config_component_relationships (config_id);

-- parent_id gives the hard edge parent -> child; a new parent moves it.
create or replace function config_items_parent_relationship() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.parent_id is not distinct from new.parent_id then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.parent_id is not null then
    update config_relationships set deleted_at = now()
    where config_id = old.parent_id and related_id = new.id and relation = 'hard' and deleted_at is null;
  end if;
  if new.parent_id is not null then
    insert into config_relationships (config_id, related_id, relation, scraper_id)
    values (new.parent_id, new.id, 'hard', new.scraper_id)
    on conflict on constraint config_relationships_key do update set deleted_at = null, updated_at = now();
  end if;
  return null;
end $$;
create trigger config_items_parent_relationship after insert or update of parent_id on config_items
  for each row execute function config_items_parent_relationship();

-- A health transition of a local item is recorded as a change (change type Healthy, Unhealthy,
-- Warning or HealthUnknown), stamped with the item's updated_at so the scrape's clock rules it.
-- A new item is news only when it starts out warning or unhealthy.
create or replace function config_items_health_change() returns trigger language plpgsql as $$
declare
  kind text;
begin
  if new.agent_id <> '00000000-0000-0000-0000-000000000000' then return null; end if;
  if tg_op = 'INSERT' and coalesce(new.health, '') not in ('warning', 'unhealthy') then return null; end if;
  if tg_op = 'UPDATE' and old.health is not distinct from new.health then return null; end if;
  kind := case when coalesce(new.health, 'unknown') = 'unknown' then 'HealthUnknown' else initcap(new.health) end;
  insert into config_changes (config_id, change_type, source, severity, summary, details, created_at, first_observed)
  values (
    new.id, kind, 'health',
    case new.health when 'unhealthy' then 'medium' when 'warning' then 'low' else 'info' end,
    nullif(concat_ws(': ', new.status, new.description), ''),
    jsonb_build_object(
      'previous', case when tg_op = 'UPDATE' then jsonb_build_object('health', old.health, 'status', old.status, 'ready', old.ready) end,
      'current', jsonb_build_object('health', new.health, 'status', new.status, 'ready', new.ready)),
    new.updated_at, new.updated_at);
  return null;
end $$;
create trigger config_items_health_change after insert or update of health on config_items
  for each row execute function config_items_health_change();

-- The catalog list (spec part 1 "Config"): every item column, namespace from its tags, the number
-- of changes in the last 7 days and its open insights counted by analysis type.
create view configs as
select
  ci.id, ci.scraper_id, ci.agent_id, ci.icon, ci.config_class, ci.type, ci.status, ci.health, ci.ready,
  ci.external_id, ci.name, ci.description, ci.source, ci.labels, ci.tags, ci.properties, ci.parent_id,
  ci.path, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.created_by,
  ci.created_at, ci.updated_at, ci.deleted_at, ci.delete_reason,
  ci.tags ->> 'namespace' as namespace,
  (select count(*) from config_changes cc
    where cc.config_id = ci.id and cc.created_at > now() - interval '7 days') as changes,
  (select jsonb_object_agg(a.analysis_type, a.n) from (
    select coalesce(ca.analysis_type, 'other') as analysis_type, count(*) as n from config_analysis ca
    where ca.config_id = ci.id and ca.status = 'open' group by 1) a) as analysis
from config_items ci;

-- One item with everything its page header shows.
create view config_detail as
select
  ci.*,
  ls.last_scraped_time,
  ag.name as agent_name,
  jsonb_build_object(
    'relationships', (select count(*) from config_relationships r
      where (r.config_id = ci.id or r.related_id = ci.id) and r.deleted_at is null),
    'analysis', (select count(*) from config_analysis ca
      where ca.config_id = ci.id and ca.first_observed > now() - interval '7 days'),
    'changes', (select count(*) from config_changes cc
      where cc.config_id = ci.id and cc.created_at > now() - interval '7 days'),
    'playbook_runs', 0,
    'checks', 0) as summary,
  case when s.id is null then null else jsonb_build_object('id', s.id, 'name', s.name) end as scraper
from config_items ci
left join config_items_last_scraped_time ls on ls.config_id = ci.id
left join agents ag on ag.id = ci.agent_id
left join config_scrapers s on s.id = ci.scraper_id;

create view config_names as
select id, type, external_id, name, config_class from config_items where deleted_at is null;

create view config_types as
select distinct type from config_items where deleted_at is null;

create view config_classes as
select distinct config_class from config_items where deleted_at is null;

create view config_statuses as
select distinct status from config_items where deleted_at is null and status is not null;

create view config_tags as
select distinct t.key, t.value
from config_items ci, jsonb_each_text(case when jsonb_typeof(ci.tags) = 'object' then ci.tags end) t
where ci.deleted_at is null;

create view config_labels as
select distinct l.key, l.value
from config_items ci, jsonb_each_text(case when jsonb_typeof(ci.labels) = 'object' then ci.labels end) l
where ci.deleted_at is null;

create view change_types as
select distinct change_type from config_changes;

create view analysis_types as
select distinct analysis_type from config_analysis where analysis_type is not null;

create view analyzer_types as
select distinct analyzer from config_analysis;

-- Changes with the item they belong to (the changes page).
create view catalog_changes as
select
  cc.id, cc.config_id, cc.external_change_id, cc.external_created_by, cc.change_type, cc.severity,
  cc.source, cc.summary, cc.patches, cc.diff, cc.details, cc.created_by, cc.created_at, cc.count,
  cc.fingerprint, cc.first_observed, cc.inserted_at,
  ci.name, ci.type, ci.config_class, ci.tags, ci.labels, ci.agent_id, ci.path, ci.deleted_at
from config_changes cc
join config_items ci on ci.id = cc.config_id;

-- Insights with the item they are about (the insights page).
create view config_analysis_items as
select
  ca.*,
  ci.name, ci.name as config_name, ci.type, ci.type as config_type, ci.config_class, ci.tags,
  ci.labels, ci.agent_id, ci.path, ci.deleted_at
from config_analysis ca
join config_items ci on ci.id = ca.config_id;

create view config_scrapers_with_status as
select s.*, jh.status as job_status, jh.time_start as job_time_start, jh.created_at as job_last_run
from config_scrapers s
left join job_history_latest_status jh on jh.resource_id = s.id::text and jh.resource_type = 'config_scraper';

-- job_histories learns the names of scrapers.
create or replace view job_histories as
select
  jh.*,
  case
    when jh.resource_type = 'team' then (select t.name from teams t where t.id::text = jh.resource_id)
    when jh.resource_type = 'canary' then (select c.name from canaries c where c.id::text = jh.resource_id)
    when jh.resource_type = 'config_scraper' then (select s.name from config_scrapers s where s.id::text = jh.resource_id)
  end as resource_name,
  jsonb_build_object('id', a.id, 'name', a.name) as agent
from job_history jh
left join agents a on a.id = jh.agent_id;

-- One direction of a walk over live relationships from `start`: every item reached within
-- max_depth hops, the fewest hops it takes and the items it was reached from. The recursive
-- step keeps distinct (item, from, depth) rows, so cycles cost at most edges x depth rows; a
-- deleted item is not walked through unless include_deleted. Uses
-- config_relationships_config_idx (outgoing) or config_relationships_key (incoming).
create or replace function config_relationship_walk(
  start uuid, outgoing boolean, hard_only boolean, max_depth int, include_deleted boolean
) returns table (id uuid, related_ids uuid[], depth int) language plpgsql stable as $$
begin
  if outgoing then
    return query
    with recursive walk(item, came_from, hops) as (
      select r.related_id, r.config_id, 1 from config_relationships r
      where r.config_id = start and r.deleted_at is null and (not hard_only or r.relation = 'hard')
      union
      select r.related_id, r.config_id, w.hops + 1 from walk w
      join config_relationships r on r.config_id = w.item
      where w.hops < max_depth and r.deleted_at is null and (not hard_only or r.relation = 'hard')
        and (include_deleted or not exists (select 1 from config_items x where x.id = w.item and x.deleted_at is not null))
    )
    select w.item, array_agg(distinct w.came_from), min(w.hops) from walk w
    join config_items ci on ci.id = w.item and (include_deleted or ci.deleted_at is null)
    where w.item <> start group by w.item;
  else
    return query
    with recursive walk(item, came_from, hops) as (
      select r.config_id, r.related_id, 1 from config_relationships r
      where r.related_id = start and r.deleted_at is null and (not hard_only or r.relation = 'hard')
      union
      select r.config_id, r.related_id, w.hops + 1 from walk w
      join config_relationships r on r.related_id = w.item
      where w.hops < max_depth and r.deleted_at is null and (not hard_only or r.relation = 'hard')
        and (include_deleted or not exists (select 1 from config_items x where x.id = w.item and x.deleted_at is not null))
    )
    select w.item, array_agg(distinct w.came_from), min(w.hops) from walk w
    join config_items ci on ci.id = w.item and (include_deleted or ci.deleted_at is null)
    where w.item <> start group by w.item;
  end if;
end $$;

-- The items related to one item (the Relationships tab and graph): type_filter outgoing (what it
-- leads to), incoming (what leads to it) or all; incoming_relation / outgoing_relation 'hard'
-- follow only parent-child edges in that direction. max_depth is capped at 10.
create or replace function related_configs_recursive(
  config_id uuid,
  type_filter text default 'outgoing',
  include_deleted_configs boolean default false,
  max_depth int default 5,
  incoming_relation text default 'both',
  outgoing_relation text default 'both'
) returns table (
  id uuid, name text, type text, config_class text, related_ids text[], depth int, direction text,
  tags jsonb, labels jsonb, changes bigint, analysis jsonb,
  cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric,
  created_at timestamptz, updated_at timestamptz, deleted_at timestamptz, agent_id uuid,
  health text, ready boolean, status text, path text
) language plpgsql stable as $$
declare
  depth_limit int := least(greatest(coalesce(max_depth, 5), 1), 10);
begin
  if type_filter not in ('outgoing', 'incoming', 'all') then
    raise exception 'type_filter must be outgoing, incoming or all, not %', type_filter using errcode = '22023';
  end if;
  if incoming_relation not in ('both', 'hard') or outgoing_relation not in ('both', 'hard') then
    raise exception 'incoming_relation and outgoing_relation must be both or hard' using errcode = '22023';
  end if;
  return query
  with walked as (
    select w.id, w.related_ids, w.depth, 'outgoing' as direction
    from config_relationship_walk($1, true, outgoing_relation = 'hard', depth_limit, include_deleted_configs) w
    where type_filter in ('outgoing', 'all')
    union all
    select w.id, w.related_ids, w.depth, 'incoming'
    from config_relationship_walk($1, false, incoming_relation = 'hard', depth_limit, include_deleted_configs) w
    where type_filter in ('incoming', 'all')
  ), merged as (
    select m.id, array_agg(distinct r::text) as related_ids, min(m.depth) as depth,
      case when count(distinct m.direction) > 1 then 'both' else min(m.direction) end as direction
    from walked m, unnest(m.related_ids) r
    group by m.id
  )
  select c.id, c.name, c.type, c.config_class, m.related_ids, m.depth, m.direction, c.tags, c.labels,
    c.changes, c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d,
    c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health, c.ready, c.status, c.path
  from merged m
  join configs c on c.id = m.id
  order by m.depth, c.type, c.name;
end $$;

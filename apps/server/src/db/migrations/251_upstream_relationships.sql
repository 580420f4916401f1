-- Agent mode, second part (issue 18): the relationship tables are pushed too (their keys are the
-- tables' unique keys), and playbook actions that run on an agent are claimed by agent.
create trigger config_relationships_upstream after insert or update or delete on config_relationships
  for each row execute function upstream_enqueue('related_id', 'config_id', 'relation', 'scraper_id');
create trigger config_component_relationships_upstream after insert or update or delete on config_component_relationships
  for each row execute function upstream_enqueue('component_id', 'config_id');
create trigger component_relationships_upstream after insert or update or delete on component_relationships
  for each row execute function upstream_enqueue('component_id', 'relationship_id', 'selector_id');
create trigger check_config_relationships_upstream after insert or update or delete on check_config_relationships
  for each row execute function upstream_enqueue('check_id', 'config_id');
create trigger check_component_relationships_upstream after insert or update or delete on check_component_relationships
  for each row execute function upstream_enqueue('component_id', 'check_id', 'selector_id');

-- an agent that was already pushing queues its existing links once
insert into upstream_outbox (table_name, row_key, op, seq)
select 'config_relationships',
  jsonb_build_object('related_id', related_id, 'config_id', config_id, 'relation', relation, 'scraper_id', scraper_id),
  'upsert', nextval('upstream_outbox_seq')
from config_relationships where exists (select 1 from upstream_state)
on conflict (table_name, row_key) do nothing;
insert into upstream_outbox (table_name, row_key, op, seq)
select 'config_component_relationships', jsonb_build_object('component_id', component_id, 'config_id', config_id),
  'upsert', nextval('upstream_outbox_seq')
from config_component_relationships where exists (select 1 from upstream_state)
on conflict (table_name, row_key) do nothing;
insert into upstream_outbox (table_name, row_key, op, seq)
select 'component_relationships',
  jsonb_build_object('component_id', component_id, 'relationship_id', relationship_id, 'selector_id', selector_id),
  'upsert', nextval('upstream_outbox_seq')
from component_relationships where exists (select 1 from upstream_state)
on conflict (table_name, row_key) do nothing;
insert into upstream_outbox (table_name, row_key, op, seq)
select 'check_config_relationships', jsonb_build_object('check_id', check_id, 'config_id', config_id),
  'upsert', nextval('upstream_outbox_seq')
from check_config_relationships where exists (select 1 from upstream_state)
on conflict (table_name, row_key) do nothing;
insert into upstream_outbox (table_name, row_key, op, seq)
select 'check_component_relationships',
  jsonb_build_object('component_id', component_id, 'check_id', check_id, 'selector_id', selector_id),
  'upsert', nextval('upstream_outbox_seq')
from check_component_relationships where exists (select 1 from upstream_state)
on conflict (table_name, row_key) do nothing;

-- upstream: actions waiting for an agent (runsOn), found by the agent's long poll
create index playbook_run_actions_agent_idx on playbook_run_actions (agent_id, scheduled_time)
  where agent_id is not null and status in ('scheduled', 'sleeping', 'running');

-- agent: the canaries, scrapers and topologies it pulled from the upstream (assigned there), so it can tell
-- them from its own and delete them when the upstream stops assigning them
create table upstream_pulled (
  table_name text not null check (table_name in ('canaries', 'config_scrapers', 'topologies')),
  id uuid not null,
  pulled_at timestamptz not null default now(),
  primary key (table_name, id)
);
-- the pull job's claim (one process of an agent pulls at a time), apart from the push job's
alter table upstream_state add column pull_claimed_by text, add column pull_claimed_until timestamptz,
  add column last_pulled timestamptz;

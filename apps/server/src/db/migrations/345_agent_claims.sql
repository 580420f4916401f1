-- Who may speak as an agent, and whether it may send code (issue 33 items 3 and 6).
-- admin_registered: the agent's name was claimed by an admin. Playbook actions go to an agent
-- (`runsOn`) only when it is set, so an editor cannot register a name a playbook lists and
-- receive its rendered actions and secrets. exec_allowed: an admin allowed the agent to push
-- canaries, scrapers and topologies that run code (exec); default no.
alter table agents
  add column admin_registered boolean not null default false,
  add column exec_allowed boolean not null default false;

-- Existing agents: registered by an admin when their creator holds the admin role today. Agents
-- whose creator is unknown (created_by null) or not an admin keep false: an admin confirms them
-- (Settings › Agents, or PATCH /api/db/agents admin_registered=true) before runsOn reaches them.
-- exec_allowed starts false for every agent: code from an agent was never vetted before.
update agents a set admin_registered = true
where a.created_by is not null
  and exists (select 1 from person_roles r where r.person_id = a.created_by and r.role = 'admin');

-- agents_summary lists a.*: recreate it so the view has the new columns
drop view if exists agents_summary;
create view agents_summary as
select
  a.*,
  p.name as created_by_name,
  case
    when a.last_seen is null then 'unknown'
    when a.last_seen > now() - interval '61 seconds' then 'online'
    else 'offline'
  end as status,
  (select count(*) from config_items ci where ci.agent_id = a.id and ci.deleted_at is null)::int as config_count,
  (select count(*) from config_scrapers s where s.agent_id = a.id and s.deleted_at is null)::int as config_scrapper_count,
  (select count(*) from checks c where c.agent_id = a.id and c.deleted_at is null)::int as checks_count
from agents a
left join people p on p.id = a.created_by;

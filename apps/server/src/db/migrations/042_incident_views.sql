-- The views the incident pages read through /api/db.

-- One row per incident for the incidents list: commander, creator, responders and commenters as
-- {id, name, avatar} objects. Subqueries (not joins) keep one row per incident without a group by.
create view incident_summary as
select
  i.id,
  i.incident_id,
  i.title,
  i.severity,
  i.type,
  i.status,
  i.incident_rule_id,
  i.created_by,
  i.commander_id,
  i.created_at,
  i.updated_at,
  i.acknowledged,
  i.resolved,
  i.closed,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
     from people p where p.id = i.commander_id) as commander,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
     from people p where p.id = i.created_by) as creator,
  (select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) order by p.name)
     from people p
     where p.id in (select r.person_id from responders r where r.incident_id = i.id and r.deleted_at is null)
  ) as responders,
  (select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) order by p.name)
     from people p
     where p.id in (select c.created_by from comments c where c.incident_id = i.id)
  ) as commenters
from incidents i;

-- Incidents with evidence on a component (the component page's incidents tab).
create view incidents_by_component as
select distinct i.title, i.id, i.incident_id, i.created_at, i.type, i.status, i.severity, e.component_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.component_id is not null;

-- Incidents with evidence on a config item (the catalog item's incidents tab).
create view incidents_by_config as
select distinct i.title, i.id, i.incident_id, i.created_at, i.type, i.status, i.severity, e.config_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.config_id is not null;

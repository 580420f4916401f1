-- The Permissions page names every resource a row is about: the playbook and the component join
-- in beside the catalog item, connection and health check of 140.
drop view if exists permissions_summary;
create view permissions_summary as
select
  pm.*,
  case when t.id is not null then jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) end as team,
  case when p.id is not null then jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'avatar', p.avatar) end as person,
  case when n.id is not null then jsonb_build_object('id', n.id, 'namespace', n.namespace, 'name', n.name) end as notification,
  case when ci.id is not null then jsonb_build_object('id', ci.id, 'name', ci.name, 'type', ci.type) end as catalog,
  case when cn.id is not null then jsonb_build_object('id', cn.id, 'name', cn.name, 'type', cn.type, 'namespace', cn.namespace) end as connection,
  case when ca.id is not null then jsonb_build_object('id', ca.id, 'name', ca.name, 'namespace', ca.namespace) end as canary,
  case when pb.id is not null then jsonb_build_object('id', pb.id, 'name', pb.name, 'namespace', pb.namespace, 'title', pb.title) end as playbook,
  case when co.id is not null then jsonb_build_object('id', co.id, 'name', co.name, 'type', co.type) end as component,
  coalesce(t.name, p.name, n.namespace || '/' || n.name, pm.subject) as subject_name,
  case when cb.id is not null then jsonb_build_object('id', cb.id, 'name', cb.name, 'avatar', cb.avatar) end as "createdBy"
from permissions pm
left join teams t on t.id = pm.team_id
left join people p on p.id = pm.person_id
left join notifications n on n.id = pm.notification_id
left join config_items ci on ci.id = pm.config_id
left join connections cn on cn.id = pm.connection_id
left join canaries ca on ca.id = pm.canary_id
left join playbooks pb on pb.id = pm.playbook_id
left join components co on co.id = pm.component_id
left join people cb on cb.id = pm.created_by
where pm.deleted_at is null;

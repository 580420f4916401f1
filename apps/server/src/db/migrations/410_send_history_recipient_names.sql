-- Send history rows also carry who they were for by name (a person's name or email, a team's or
-- playbook's name, a connection's name in its namespace); `recipient` keeps the stored label
-- (person:<id>, connection://..., slack://…).
create or replace view notification_send_history_summary as
select
  h.id, h.notification_id, h.status, h.source_event, h.resource_id, h.resource_health, h.resource_status,
  h.resource_health_description, h.recipient, h.person_id, h.team_id, h.connection_id, h.silenced_by,
  h.parent_id, h.group_id, h.error, h.retries, h.count, h.duration_millis, h.not_before, h.first_observed,
  h.created_at,
  h.resource->>'kind' as resource_kind,
  h.resource->>'type' as resource_type,
  h.resource->>'name' as resource_name,
  h.resource,
  h.body_payload->>'title' as title,
  n.name as notification_name,
  n.namespace as notification_namespace,
  coalesce(
    nullif(p.name, ''), p.email, t.name, pb.name,
    case when h.recipient like 'connection://%' then regexp_replace(h.recipient, '^connection://(default/)?', '') end,
    h.recipient
  ) as recipient_name
from notification_send_history h
join notifications n on n.id = h.notification_id
left join people p on p.id = h.person_id
left join teams t on t.id = h.team_id
left join playbooks pb on h.recipient like 'playbook:%' and pb.id::text = substr(h.recipient, 10);

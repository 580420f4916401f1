-- Integrations as /settings/integrations lists them (issue 16 item 5): the catalog scrapers with
-- their latest job and author. Topologies and log backends join this union when their domains
-- add their tables (integration_type 'topologies', 'logging_backends').
create view integrations_with_status as
select
  s.id,
  s.name,
  s.namespace,
  s.description,
  'scrapers'::text as integration_type,
  s.source,
  s.agent_id,
  s.created_at,
  s.updated_at,
  s.deleted_at,
  s.created_by,
  jh.name as job_name,
  jh.success_count as job_success_count,
  jh.error_count as job_error_count,
  jh.details as job_details,
  jh.hostname as job_hostname,
  jh.duration_millis as job_duration_millis,
  jh.resource_type as job_resource_type,
  jh.status as job_status,
  jh.time_start as job_time_start,
  jh.time_end as job_time_end,
  jh.created_at as job_created_at,
  case when a.id is not null then jsonb_build_object('id', a.id, 'name', a.name) end as agent,
  p.name as creator_name,
  p.avatar as creator_avatar,
  p.title as creator_title,
  p.email as creator_email
from config_scrapers s
left join job_history_latest_status jh on jh.resource_id = s.id::text and jh.resource_type = 'config_scraper'
left join agents a on a.id = s.agent_id
left join people p on p.id = s.created_by;

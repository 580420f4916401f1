-- config_detail's summary counted playbook runs and linked checks as 0 until their tables existed
-- (playbook_runs in 150, check_config_relationships in 130): count them now.
create or replace view config_detail as
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
    'playbook_runs', (select count(*) from playbook_runs pr where pr.config_id = ci.id and pr.parent_id is null),
    'checks', (select count(*) from check_config_relationships ccr
      where ccr.config_id = ci.id and ccr.deleted_at is null)) as summary,
  case when s.id is null then null else jsonb_build_object('id', s.id, 'name', s.name) end as scraper
from config_items ci
left join config_items_last_scraped_time ls on ls.config_id = ci.id
left join agents ag on ag.id = ci.agent_id
left join config_scrapers s on s.id = ci.scraper_id;

-- Agents as the Agents settings page lists them (issue 16 item 6): online while `last_seen` is
-- within 61 seconds, offline after, unknown when never seen; what each one reported.
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

-- Deleting an agent (deleted_at set) expires its access tokens: nothing may push as it any more.
create or replace function agents_expire_tokens() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null and old.deleted_at is null and new.person_id is not null then
    delete from access_tokens where person_id = new.person_id;
  end if;
  return new;
end $$;
create trigger agents_expire_tokens after update of deleted_at on agents
for each row execute function agents_expire_tokens();

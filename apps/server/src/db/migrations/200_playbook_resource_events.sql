-- Config and component event triggers of playbooks (`on.config[{event}]`, `on.component[{event}]`):
-- config.* (queued by the catalog ingest) and component.* (the topology roll-up) are copied as
-- playbook.config.* / playbook.component.* for the playbook event consumer, as 151 does for
-- check events, and only while some live playbook declares a trigger of that class.
create or replace function event_queue_playbook_copy() returns trigger language plpgsql as $$
declare
  class text := case when new.name like 'check.%' then 'canary' else split_part(new.name, '.', 1) end;
begin
  if exists (select 1 from playbooks where deleted_at is null
             and jsonb_array_length(coalesce(spec->'on'->class, '[]'::jsonb)) > 0) then
    insert into event_queue (name, event_id, properties)
    values ('playbook.' || new.name, new.event_id, new.properties)
    on conflict (name, event_id) do update
      set properties = excluded.properties, created_at = now(), attempts = 0, error = null, last_attempt = null;
  end if;
  return null;
end $$;
drop trigger event_queue_playbook_copy on event_queue;
create trigger event_queue_playbook_copy after insert or update of created_at on event_queue for each row
  when (new.name in ('check.passed', 'check.failed',
                     'config.created', 'config.updated', 'config.deleted', 'config.changed',
                     'config.healthy', 'config.unhealthy', 'config.warning', 'config.unknown', 'config.degraded',
                     'component.healthy', 'component.unhealthy', 'component.warning', 'component.unknown'))
  execute function event_queue_playbook_copy();
-- config.changed events name the change rows an ingest transaction inserted (catalog/events.ts)
create index if not exists config_changes_inserted_at_idx on config_changes (inserted_at);

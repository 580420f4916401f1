-- Canary event triggers of playbooks (`on.canary[{event: passed|failed}]`): a check's
-- check.passed / check.failed event is copied as playbook.check.passed / playbook.check.failed,
-- which the playbook event consumer claims (the notification consumer keeps its own copy).
-- Copied only while some live playbook declares a canary trigger, so nothing piles up otherwise.
create or replace function event_queue_playbook_copy() returns trigger language plpgsql as $$
begin
  if exists (select 1 from playbooks where deleted_at is null and jsonb_array_length(coalesce(spec->'on'->'canary', '[]'::jsonb)) > 0) then
    insert into event_queue (name, event_id, properties)
    values ('playbook.' || new.name, new.event_id, new.properties)
    on conflict (name, event_id) do update
      set properties = excluded.properties, created_at = now(), attempts = 0, error = null, last_attempt = null;
  end if;
  return null;
end $$;
create trigger event_queue_playbook_copy after insert or update of created_at on event_queue for each row
  when (new.name in ('check.passed', 'check.failed'))
  execute function event_queue_playbook_copy();

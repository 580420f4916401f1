-- The timeline also records a definition-of-done item ticked done or undone, and a responder
-- removed (responders are soft-deleted), so the incident history shows every step responders take.

create or replace function evidences_done_history() returns trigger language plpgsql as $$
declare
  v_incident uuid;
begin
  if coalesce(new.done, false) = coalesce(old.done, false) then return null; end if;
  select h.incident_id into v_incident from hypotheses h where h.id = new.hypothesis_id;
  perform incident_history(v_incident, case when coalesce(new.done, false) then 'evidence.done' else 'evidence.undone' end,
    new.description, new.created_by, new.hypothesis_id, null, new.id);
  return null;
end $$;
create trigger evidences_done_history after update of done on evidences
  for each row execute function evidences_done_history();

create or replace function responders_removed_history() returns trigger language plpgsql as $$
begin
  if old.deleted_at is null and new.deleted_at is not null then
    perform incident_history(new.incident_id, 'responder.removed', new.type, new.created_by, null, new.id);
  end if;
  return null;
end $$;
create trigger responders_removed_history after update of deleted_at on responders
  for each row execute function responders_removed_history();

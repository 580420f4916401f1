-- The timeline also records who leads an incident: a commander or communicator set, changed or
-- cleared writes incident.commander_updated / incident.communicator_updated, described by the new
-- person's name ('' when cleared), in the style of 041/045 so every write path records it.

create or replace function incidents_role_history() returns trigger language plpgsql as $$
begin
  if new.commander_id is distinct from old.commander_id then
    perform incident_history(new.id, 'incident.commander_updated',
      coalesce((select p.name from people p where p.id = new.commander_id), ''), new.created_by);
  end if;
  if new.communicator_id is distinct from old.communicator_id then
    perform incident_history(new.id, 'incident.communicator_updated',
      coalesce((select p.name from people p where p.id = new.communicator_id), ''), new.created_by);
  end if;
  return null;
end $$;
create trigger incidents_role_history after update of commander_id, communicator_id on incidents
  for each row execute function incidents_role_history();

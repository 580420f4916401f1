-- Live updates (docs/architecture.md "Live updates"): changes made by any writer in any process
-- are announced on NOTIFY channels that every OpsDeck process LISTENs to (PGlite delivers them
-- to its own process). Payloads stay small (ids and statuses, far below the 8000-byte limit);
-- the web app fetches what it shows.

create or replace function live_notify(payload jsonb) returns void language sql as $$
  select pg_notify('opsdeck_live', payload::text)
$$;

-- a check's status changed (results themselves are announced by the result writer, in batches)
create or replace function checks_live_transition() returns trigger language plpgsql as $$
begin
  perform live_notify(jsonb_build_object('type', 'check.transition', 'check_id', new.id,
    'canary_id', new.canary_id, 'from', old.status, 'to', new.status, 'at', now()));
  return null;
end $$;
create trigger checks_live_transition after update of status on checks for each row
  when (new.status is distinct from old.status) execute function checks_live_transition();

create or replace function incidents_live() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  perform live_notify(jsonb_build_object('type', 'incident', 'id', r.id, 'op', lower(tg_op),
    'status', r.status, 'severity', r.severity));
  return null;
end $$;
create trigger incidents_live after insert or update or delete on incidents
  for each row execute function incidents_live();

-- what hangs off an incident changes the incident's page
create or replace function incident_part_live() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  perform live_notify(jsonb_build_object('type', 'incident', 'id', r.incident_id, 'op', 'update',
    'part', tg_table_name));
  return null;
end $$;
create trigger responders_live after insert or update or delete on responders
  for each row execute function incident_part_live();
create trigger hypotheses_live after insert or update or delete on hypotheses
  for each row execute function incident_part_live();
create trigger comments_live after insert or update or delete on comments
  for each row execute function incident_part_live();

create or replace function playbook_runs_live() returns trigger language plpgsql as $$
begin
  perform live_notify(jsonb_build_object('type', 'playbook_run', 'id', new.id,
    'playbook_id', new.playbook_id, 'status', new.status));
  return null;
end $$;
create trigger playbook_runs_live after insert or update of status on playbook_runs
  for each row execute function playbook_runs_live();

create or replace function playbook_run_actions_live() returns trigger language plpgsql as $$
begin
  perform live_notify(jsonb_build_object('type', 'playbook_run', 'id', new.playbook_run_id,
    'action_id', new.id, 'status', new.status));
  return null;
end $$;
create trigger playbook_run_actions_live after insert or update of status on playbook_run_actions
  for each row execute function playbook_run_actions_live();

-- who may read what changed: open streams drop their cached decisions and sign in again
create or replace function access_live() returns trigger language plpgsql as $$
begin
  perform pg_notify('opsdeck_access', tg_table_name);
  return null;
end $$;
create trigger permissions_access_live after insert or update or delete on permissions
  for each statement execute function access_live();
create trigger person_roles_access_live after insert or update or delete on person_roles
  for each statement execute function access_live();
create trigger team_members_access_live after insert or update or delete on team_members
  for each statement execute function access_live();
create trigger people_access_live after update of deleted_at or delete on people
  for each statement execute function access_live();
create trigger sessions_access_live after update of active, expires_at or delete on sessions
  for each statement execute function access_live();
create trigger access_tokens_access_live after delete on access_tokens
  for each statement execute function access_live();

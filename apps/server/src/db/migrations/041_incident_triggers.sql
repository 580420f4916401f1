-- Defaults, the incident timeline (incident_histories) and the incident events (event_queue) are
-- written by triggers, so every write path (/api/db, the rules engine, the CLI) records them in
-- the transaction of the change itself. History and event names are the spec's incident events.

-- Fills what a client may leave out: the author (the transaction's actor) and the enums' defaults.
create or replace function incidents_defaults() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(new.created_by, current_actor_id());
    new.status := coalesce(nullif(new.status, ''), 'open');
    new.severity := coalesce(nullif(lower(new.severity), ''), 'low');
    new.type := coalesce(nullif(new.type, ''), 'availability');
    new.description := coalesce(new.description, '');
  else
    new.severity := lower(new.severity);
  end if;
  if new.status is distinct from (case when tg_op = 'UPDATE' then old.status end) then
    if new.status = 'resolved' then new.resolved := coalesce(new.resolved, now()); end if;
    if new.status = 'closed' then new.closed := coalesce(new.closed, now()); end if;
  end if;
  return new;
end $$;
create trigger incidents_defaults before insert or update on incidents for each row execute function incidents_defaults();

create or replace function hypotheses_defaults() returns trigger language plpgsql as $$
begin
  new.created_by := coalesce(new.created_by, current_actor_id());
  new.status := coalesce(nullif(new.status, ''), 'possible');
  new.type := coalesce(nullif(new.type, ''), 'root');
  return new;
end $$;
create trigger hypotheses_defaults before insert on hypotheses for each row execute function hypotheses_defaults();

create or replace function evidences_defaults() returns trigger language plpgsql as $$
begin
  new.created_by := coalesce(new.created_by, current_actor_id());
  new.description := coalesce(new.description, '');
  return new;
end $$;
create trigger evidences_defaults before insert on evidences for each row execute function evidences_defaults();

-- A comment on a hypothesis belongs to that hypothesis's incident.
create or replace function comments_defaults() returns trigger language plpgsql as $$
begin
  new.created_by := coalesce(new.created_by, current_actor_id());
  if new.incident_id is null and new.hypothesis_id is not null then
    select h.incident_id into new.incident_id from hypotheses h where h.id = new.hypothesis_id;
  end if;
  return new;
end $$;
create trigger comments_defaults before insert on comments for each row execute function comments_defaults();

create or replace function responders_defaults() returns trigger language plpgsql as $$
begin
  new.created_by := coalesce(new.created_by, current_actor_id());
  new.type := coalesce(nullif(new.type, ''),
    case when new.person_id is not null then 'person' when new.team_id is not null then 'team' end);
  return new;
end $$;
create trigger responders_defaults before insert on responders for each row execute function responders_defaults();

-- Publishes one domain event; a repeat of (name, event_id) resets the row for the consumers.
create or replace function incident_event(event_name text, event_id uuid, props jsonb) returns void language sql as $$
  insert into event_queue (name, event_id, properties) values (event_name, event_id, props)
  on conflict (name, event_id) do update
    set properties = excluded.properties, created_at = now(), last_attempt = null, attempts = 0, error = null
$$;

-- One timeline row, authored by the transaction's actor or else by the row's creator.
create or replace function incident_history(
  p_incident_id uuid, p_type text, p_description text, p_author uuid,
  p_hypothesis_id uuid default null, p_responder_id uuid default null,
  p_evidence_id uuid default null, p_comment_id uuid default null
) returns void language sql as $$
  insert into incident_histories (incident_id, created_by, type, description, hypothesis_id, responder_id, evidence_id, comment_id)
  values (p_incident_id, coalesce(current_actor_id(), p_author), p_type, p_description,
          p_hypothesis_id, p_responder_id, p_evidence_id, p_comment_id)
$$;

create or replace function incidents_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform incident_history(new.id, 'incident.created', new.title, new.created_by);
    perform incident_event('incident.created', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', new.incident_id, 'title', new.title, 'status', new.status,
      'severity', new.severity, 'type', new.type, 'created_by', new.created_by,
      'incident_rule_id', new.incident_rule_id));
  elsif new.status is distinct from old.status then
    perform incident_history(new.id, 'incident.status_updated', new.status, new.created_by);
    perform incident_event('incident.status_updated', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', new.incident_id, 'title', new.title, 'status', new.status,
      'previous_status', old.status, 'updated_by', coalesce(current_actor_id(), new.created_by)));
  end if;
  return null;
end $$;
create trigger incidents_record after insert or update on incidents for each row execute function incidents_record();

create or replace function hypotheses_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform incident_history(new.incident_id, 'hypothesis.created', new.title, new.created_by, new.id);
    perform incident_event('hypothesis.created', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', new.incident_id, 'title', new.title, 'type', new.type, 'status', new.status));
  elsif new.status is distinct from old.status then
    perform incident_history(new.incident_id, 'hypothesis.status_updated', new.status, new.created_by, new.id);
    perform incident_event('hypothesis.status_updated', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', new.incident_id, 'title', new.title, 'status', new.status,
      'previous_status', old.status));
  end if;
  return null;
end $$;
create trigger hypotheses_record after insert or update on hypotheses for each row execute function hypotheses_record();

create or replace function evidences_record() returns trigger language plpgsql as $$
declare
  v_incident uuid;
begin
  select h.incident_id into v_incident from hypotheses h where h.id = new.hypothesis_id;
  if tg_op = 'INSERT' then
    perform incident_history(v_incident, 'evidence.created', new.description, new.created_by,
      new.hypothesis_id, null, new.id);
    perform incident_event('evidence.created', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', v_incident, 'hypothesis_id', new.hypothesis_id, 'type', new.type,
      'check_id', new.check_id, 'config_id', new.config_id, 'component_id', new.component_id));
  end if;
  if coalesce(new.definition_of_done, false)
     and (tg_op = 'INSERT' or not coalesce(old.definition_of_done, false)) then
    perform incident_history(v_incident, 'evidence.done_definition_added', new.description, new.created_by,
      new.hypothesis_id, null, new.id);
    perform incident_event('evidence.done_definition_added', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', v_incident, 'hypothesis_id', new.hypothesis_id));
  end if;
  return null;
end $$;
create trigger evidences_record after insert or update on evidences for each row execute function evidences_record();

create or replace function responders_record() returns trigger language plpgsql as $$
begin
  perform incident_history(new.incident_id, 'responder.created', new.type, new.created_by, null, new.id);
  perform incident_event('responder.created', new.id, jsonb_build_object(
    'id', new.id, 'incident_id', new.incident_id, 'type', new.type,
    'person_id', new.person_id, 'team_id', new.team_id));
  return null;
end $$;
create trigger responders_record after insert on responders for each row execute function responders_record();

create or replace function comments_record() returns trigger language plpgsql as $$
begin
  perform incident_history(new.incident_id, 'responder.commented', left(new.comment, 500), new.created_by,
    new.hypothesis_id, new.responder_id, null, new.id);
  perform incident_event('responder.commented', new.id, jsonb_build_object(
    'id', new.id, 'incident_id', new.incident_id, 'hypothesis_id', new.hypothesis_id,
    'responder_id', new.responder_id, 'created_by', new.created_by));
  return null;
end $$;
create trigger comments_record after insert on comments for each row execute function comments_record();

-- The notification events of incidents, in the reference's names that notification rules listen
-- to (incident.status.<status>, incident.responder.added/removed, incident.comment.added,
-- incident.dod.added/removed/passed/regressed); incident.created is shared with 041. Their
-- properties describe the incident itself (`id` is the incident's), which is what a rule's
-- filter and message template read. The spec-named events of 041 stay: they mirror the timeline.

-- The incident as notification properties, plus `extra` (the responder, comment or evidence).
create or replace function incident_notification_props(p_incident uuid, extra jsonb) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'id', i.id, 'incident_id', i.incident_id, 'title', i.title, 'description', i.description,
    'type', i.type, 'status', i.status, 'severity', i.severity, 'commander_id', i.commander_id,
    'created_by', i.created_by, 'incident_rule_id', i.incident_rule_id) || coalesce(extra, '{}'::jsonb)
  from incidents i where i.id = p_incident
$$;

-- incident.created now carries the whole incident (description included) for message templates.
create or replace function incidents_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform incident_history(new.id, 'incident.created', new.title, new.created_by);
    perform incident_event('incident.created', new.id, incident_notification_props(new.id, null));
  elsif new.status is distinct from old.status then
    perform incident_history(new.id, 'incident.status_updated', new.status, new.created_by);
    perform incident_event('incident.status_updated', new.id, jsonb_build_object(
      'id', new.id, 'incident_id', new.incident_id, 'title', new.title, 'status', new.status,
      'previous_status', old.status, 'updated_by', coalesce(current_actor_id(), new.created_by)));
  end if;
  return null;
end $$;

create or replace function incidents_notify() returns trigger language plpgsql as $$
begin
  perform incident_event('incident.status.' || new.status, new.id,
    incident_notification_props(new.id, jsonb_build_object('previous_status', old.status)));
  return null;
end $$;
create trigger incidents_notify after update on incidents for each row
  when (old.status is distinct from new.status) execute function incidents_notify();

create or replace function responders_notify() returns trigger language plpgsql as $$
declare
  v_name text;
begin
  if tg_op = 'INSERT' and new.deleted_at is null then
    v_name := 'incident.responder.added';
  elsif tg_op = 'UPDATE' and old.deleted_at is null and new.deleted_at is not null then
    v_name := 'incident.responder.removed';
  else
    return null;
  end if;
  perform incident_event(v_name, new.id, incident_notification_props(new.incident_id, jsonb_build_object(
    'responder_id', new.id, 'person_id', new.person_id, 'team_id', new.team_id, 'responder_type', new.type)));
  return null;
end $$;
create trigger responders_notify after insert or update on responders for each row execute function responders_notify();

create or replace function comments_notify() returns trigger language plpgsql as $$
begin
  perform incident_event('incident.comment.added', new.id, incident_notification_props(new.incident_id,
    jsonb_build_object('comment_id', new.id, 'comment', left(new.comment, 2000), 'author_id', new.created_by,
      'hypothesis_id', new.hypothesis_id)));
  return null;
end $$;
create trigger comments_notify after insert on comments for each row execute function comments_notify();

-- Definition-of-done changes of an evidence: added/removed, then passed/regressed.
create or replace function evidences_notify() returns trigger language plpgsql as $$
declare
  v_incident uuid;
  v_old_dod boolean := case when tg_op = 'UPDATE' then coalesce(old.definition_of_done, false) else false end;
  v_old_done boolean := case when tg_op = 'UPDATE' then coalesce(old.done, false) else false end;
  v_props jsonb;
begin
  select h.incident_id into v_incident from hypotheses h where h.id = new.hypothesis_id;
  v_props := incident_notification_props(v_incident, jsonb_build_object(
    'evidence_id', new.id, 'hypothesis_id', new.hypothesis_id, 'evidence_type', new.type,
    'evidence_description', new.description, 'check_id', new.check_id, 'config_id', new.config_id,
    'component_id', new.component_id));
  if coalesce(new.definition_of_done, false) <> v_old_dod then
    perform incident_event(case when new.definition_of_done then 'incident.dod.added' else 'incident.dod.removed' end,
      new.id, v_props);
  end if;
  if tg_op = 'UPDATE' and coalesce(new.definition_of_done, false) and coalesce(new.done, false) <> v_old_done then
    perform incident_event(case when new.done then 'incident.dod.passed' else 'incident.dod.regressed' end,
      new.id, v_props);
  end if;
  return null;
end $$;
create trigger evidences_notify after insert or update on evidences for each row execute function evidences_notify();

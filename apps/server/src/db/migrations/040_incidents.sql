-- Incidents and what hangs off them: hypotheses, evidences, comments, responders, histories and
-- the rules that open incidents on their own. Names and columns follow the reference schema.
-- References to checks, components and config items carry no foreign key: those tables belong to
-- other domains (and soft-delete their rows), so an evidence keeps its id even after the target goes.

-- Who is writing, for defaults and history rows: the /api/db layer and the incident services set
-- `opsdeck.actor_id` for the transaction (set_config(..., true)); null when nobody did.
create or replace function current_actor_id() returns uuid language sql stable as $$
  select nullif(current_setting('opsdeck.actor_id', true), '')::uuid
$$;

create sequence incident_id_sequence start 1001;

-- The short human id shown next to an incident's title, e.g. INC-1042.
create or replace function format_incident_id(n bigint) returns text language sql immutable as $$
  select 'INC-' || n::text
$$;

create table incident_rules (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  spec jsonb,
  source text default 'UI',
  created_by uuid not null references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index incident_rules_name_key on incident_rules (name) where deleted_at is null;
create trigger incident_rules_updated_at before update on incident_rules for each row execute function set_updated_at();

create table incidents (
  id uuid primary key default gen_random_uuid(),
  incident_id text not null default format_incident_id(nextval('incident_id_sequence')),
  incident_rule_id uuid references incident_rules (id),
  title text not null check (btrim(title) <> ''),
  created_by uuid not null references people (id),
  commander_id uuid references people (id),
  communicator_id uuid references people (id),
  severity text not null default 'low'
    check (severity in ('info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker')),
  description text not null default '',
  type text not null default 'availability'
    check (type in ('cost', 'availability', 'performance', 'security', 'integration', 'compliance', 'technicalDebt', 'reliability')),
  status text not null default 'open'
    check (status in ('new', 'open', 'investigating', 'mitigated', 'resolved', 'closed')),
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index incidents_incident_id_key on incidents (incident_id);
create index incidents_rule_idx on incidents (incident_rule_id) where incident_rule_id is not null;
create index incidents_created_at_idx on incidents (created_at desc);
create trigger incidents_updated_at before update on incidents for each row execute function set_updated_at();

create table responders (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  type text not null,
  index smallint,
  person_id uuid references people (id),
  team_id uuid references teams (id),
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid not null references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (person_id is not null or team_id is not null or external_id is not null)
);
create index responders_incident_idx on responders (incident_id);
create unique index responders_person_key on responders (incident_id, person_id)
  where person_id is not null and deleted_at is null;
create unique index responders_team_key on responders (incident_id, team_id)
  where team_id is not null and deleted_at is null;
create trigger responders_updated_at before update on responders for each row execute function set_updated_at();

-- Deleting a hypothesis takes its sub-hypotheses, comments and evidences with it, in the same
-- statement (so in the same transaction): the foreign keys below cascade.
create table hypotheses (
  id uuid primary key default gen_random_uuid(),
  created_by uuid not null references people (id),
  incident_id uuid not null references incidents (id) on delete cascade,
  parent_id uuid references hypotheses (id) on delete cascade,
  owner uuid references responders (id) on delete set null,
  team_id uuid references teams (id),
  type text not null default 'root' check (type in ('root', 'factor', 'solution')),
  title text not null check (btrim(title) <> ''),
  status text not null default 'possible'
    check (status in ('proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hypotheses_incident_idx on hypotheses (incident_id);
create index hypotheses_parent_idx on hypotheses (parent_id) where parent_id is not null;
create trigger hypotheses_updated_at before update on hypotheses for each row execute function set_updated_at();

create table evidences (
  id uuid primary key default gen_random_uuid(),
  description text not null default '',
  hypothesis_id uuid not null references hypotheses (id) on delete cascade,
  config_id uuid,
  config_change_id uuid,
  config_analysis_id uuid,
  component_id uuid,
  check_id uuid,
  definition_of_done boolean default false,
  done boolean,
  factor boolean,
  mitigator boolean,
  created_by uuid not null references people (id),
  type text not null
    check (type in ('log', 'config', 'topology', 'check', 'config_analysis', 'config_change', 'comment')),
  evidence jsonb,
  properties jsonb,
  script text,
  script_result text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index evidences_hypothesis_idx on evidences (hypothesis_id);
create index evidences_component_idx on evidences (component_id) where component_id is not null;
create index evidences_config_idx on evidences (config_id) where config_id is not null;
create index evidences_check_idx on evidences (check_id) where check_id is not null;
create trigger evidences_updated_at before update on evidences for each row execute function set_updated_at();

create table comments (
  id uuid primary key default gen_random_uuid(),
  created_by uuid not null references people (id),
  comment text not null check (btrim(comment) <> ''),
  external_id text,
  external_created_by text,
  incident_id uuid not null references incidents (id) on delete cascade,
  responder_id uuid references responders (id) on delete set null,
  hypothesis_id uuid references hypotheses (id) on delete cascade,
  read smallint[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index comments_incident_idx on comments (incident_id, created_at);
create index comments_hypothesis_idx on comments (hypothesis_id) where hypothesis_id is not null;
create trigger comments_updated_at before update on comments for each row execute function set_updated_at();

-- The incident's timeline. A row outlives the hypothesis, evidence, comment or responder it names
-- (the link is nulled), and goes only with its incident.
create table incident_histories (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  created_by uuid not null references people (id),
  type text,
  description text,
  hypothesis_id uuid references hypotheses (id) on delete set null,
  responder_id uuid references responders (id) on delete set null,
  evidence_id uuid references evidences (id) on delete set null,
  comment_id uuid references comments (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index incident_histories_incident_idx on incident_histories (incident_id, created_at);

-- Role assignments and permission rows (spec part 1 section 6, part 2 sections 3 and 6).

create table person_roles (
  person_id uuid not null references people (id) on delete cascade,
  role text not null check (role in ('admin', 'editor', 'commander', 'responder', 'viewer', 'guest', 'agent')),
  created_at timestamptz not null default now(),
  primary key (person_id, role)
);

-- People with their roles, as the Users settings page lists them.
create view people_roles as
select
  p.id,
  p.name,
  p.email,
  p.avatar,
  p.type,
  p.created_at,
  p.updated_at,
  p.last_login,
  i.state,
  i.state_changed_at,
  coalesce((select array_agg(r.role order by r.role) from person_roles r where r.person_id = p.id), '{}') as roles
from people p
left join identities i on i.id = p.id
where p.deleted_at is null;

-- Allow or deny rows: a subject (person, team or notification) may do `action` on a global
-- object or on one specific resource. `deny` wins over any allow; `until` ends a row.
create table permissions (
  id uuid primary key default gen_random_uuid(),
  name text not null default gen_random_uuid()::text,
  namespace text not null default 'default',
  description text,
  source text not null default 'UI',
  subject_type text check (subject_type in ('person', 'team', 'notification', 'group', 'playbook', 'canary', 'scraper', 'topology')),
  subject text,
  action text not null,
  object text,
  object_selector jsonb,
  deny boolean not null default false,
  component_id uuid,
  config_id uuid,
  canary_id uuid,
  playbook_id uuid,
  connection_id uuid,
  person_id uuid references people (id) on delete cascade,
  team_id uuid references teams (id) on delete cascade,
  notification_id uuid,
  created_by uuid references people (id),
  updated_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  error text,
  until timestamptz,
  agents text[],
  tags jsonb,
  constraint permissions_subject_required check (
    person_id is not null or team_id is not null or notification_id is not null or subject is not null
  ),
  constraint permissions_object_required check (
    object is not null or object_selector is not null or component_id is not null or config_id is not null
    or canary_id is not null or playbook_id is not null or connection_id is not null
  ),
  constraint permissions_action_valid check (action ~ '^(\*|[a-z]+(:[a-z]+)?)(,(\*|[a-z]+(:[a-z]+)?))*$')
);
create index permissions_person_idx on permissions (person_id) where deleted_at is null;
create index permissions_team_idx on permissions (team_id) where deleted_at is null;
create trigger permissions_updated_at before update on permissions for each row execute function set_updated_at();

-- Fills subject/subject_type from the subject column that was set, so either shape can be written.
create or replace function permissions_set_subject() returns trigger language plpgsql as $$
begin
  if new.person_id is not null then
    new.subject_type := 'person'; new.subject := new.person_id::text;
  elsif new.team_id is not null then
    new.subject_type := 'team'; new.subject := new.team_id::text;
  elsif new.notification_id is not null then
    new.subject_type := 'notification'; new.subject := new.notification_id::text;
  elsif new.subject_type is null then
    new.subject_type := 'group';
  end if;
  return new;
end $$;
create trigger permissions_subject before insert or update on permissions for each row execute function permissions_set_subject();

-- Permission rows as the Permissions page lists them, with the people and team they name.
-- Domains owning playbooks, connections, configs and components extend it with their names.
create view permissions_summary as
select
  pm.*,
  case when t.id is not null then jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) end as team,
  case when p.id is not null then jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'avatar', p.avatar) end as person,
  case when cb.id is not null then jsonb_build_object('id', cb.id, 'name', cb.name, 'avatar', cb.avatar) end as "createdBy"
from permissions pm
left join teams t on t.id = pm.team_id
left join people p on p.id = pm.person_id
left join people cb on cb.id = pm.created_by
where pm.deleted_at is null;

-- Access tokens are found by the SHA-256 of the presented secret.
create unique index access_tokens_value_key on access_tokens (value);

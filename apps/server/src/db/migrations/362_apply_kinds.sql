-- Kinds applied from Mission Control YAML that had no table yet.

-- Scope: named sets of objects (targets) a Permission names in object.scopes; `selectors` holds the
-- targets as permission object selectors (configs, components, playbooks, connections).
create table scopes (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  description text,
  targets jsonb not null,
  selectors jsonb not null,
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index scopes_name_key on scopes (namespace, name) where deleted_at is null;
create trigger scopes_updated_at before update on scopes for each row execute function set_updated_at();

-- PermissionGroup: a named group of people, teams and notifications; permission rows with
-- subject_type 'group' and subject = the group's name apply to every member. `selectors` holds
-- the member ids: {"people": [...], "teams": [...], "notifications": [...]}.
create table permission_groups (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  selectors jsonb not null,
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index permission_groups_name_key on permission_groups (name) where deleted_at is null;
create trigger permission_groups_updated_at before update on permission_groups
  for each row execute function set_updated_at();

-- A Permission applied from YAML keeps its `object` as written (selectors and scope references),
-- so a Scope applied later re-expands onto the permissions naming it.
alter table permissions add column applied_object jsonb;

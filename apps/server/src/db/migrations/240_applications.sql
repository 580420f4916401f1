-- Applications (issue 17 item 3): Application resources, and the catalog's access tables the audit
-- report reads (who holds which role on which config item, and their logins). Names follow the
-- reference schema (backend.md section 1, config_access); `full: true` scrapers fill the access
-- tables from their `external_users`, `external_roles`, `external_groups`, `config_access` and
-- `access_logs` entries. PostgreSQL 15 SQL only.

create table applications (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  namespace text not null default 'default',
  description text,
  spec jsonb not null default '{}',
  source text not null default 'UI',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index applications_name_key on applications (name, namespace) where deleted_at is null;
create trigger applications_updated_at before update on applications for each row execute function set_updated_at();

-- Identities of a scraped system. `aliases[1]` is the key the scraper gave (default: email, else name).
create table external_users (
  id uuid primary key default gen_random_uuid(),
  scraper_id uuid references config_scrapers (id),
  aliases text[] not null,
  name text not null,
  email text,
  user_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index external_users_key on external_users (scraper_id, (aliases[1]));

create table external_groups (
  id uuid primary key default gen_random_uuid(),
  scraper_id uuid references config_scrapers (id),
  aliases text[] not null,
  name text not null,
  group_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index external_groups_key on external_groups (scraper_id, (aliases[1]));

create table external_user_groups (
  external_user_id uuid not null references external_users (id) on delete cascade,
  external_group_id uuid not null references external_groups (id) on delete cascade,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (external_user_id, external_group_id)
);

create table external_roles (
  id uuid primary key default gen_random_uuid(),
  scraper_id uuid references config_scrapers (id),
  aliases text[] not null,
  name text not null,
  role_type text,
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index external_roles_key on external_roles (scraper_id, (aliases[1]));

-- A grant: a user or a group holds a role (or plain access) on a config item.
create table config_access (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references config_items (id) on delete cascade,
  external_user_id uuid references external_users (id) on delete cascade,
  external_group_id uuid references external_groups (id) on delete cascade,
  external_role_id uuid references external_roles (id) on delete cascade,
  scraper_id uuid references config_scrapers (id),
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  last_reviewed_at timestamptz,
  constraint config_access_key unique nulls not distinct (config_id, external_user_id, external_group_id, external_role_id),
  check (external_user_id is not null or external_group_id is not null)
);
create index config_access_user_idx on config_access (external_user_id) where external_user_id is not null;

-- Logins of a user to a config item: one row per (item, user), the latest time and how many.
create table config_access_logs (
  config_id uuid not null references config_items (id) on delete cascade,
  external_user_id uuid not null references external_users (id) on delete cascade,
  scraper_id uuid references config_scrapers (id),
  created_at timestamptz not null,
  mfa boolean,
  properties jsonb,
  count int not null default 1,
  primary key (config_id, external_user_id)
);

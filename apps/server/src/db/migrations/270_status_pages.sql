-- Maintenance windows and public status pages (issue 19 parts 2 and 3), and what of an incident a
-- status page may show: the incident's `public` flag and its public updates. Nothing here is read
-- by a public page unless a row says so (incidents.public) or an admin put it on a page by selector.

create table maintenance_windows (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  description text not null default '',
  -- one-off (start, end) or recurring (schedule, duration, timezone), and the selectors of what it covers
  spec jsonb not null,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index maintenance_windows_name_key on maintenance_windows (name) where deleted_at is null;
create trigger maintenance_windows_updated_at before update on maintenance_windows for each row
  execute function set_updated_at();

-- name is the page's slug: /status/{name}
create table status_pages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'),
  title text not null check (btrim(title) <> ''),
  description text not null default '',
  logo_url text,
  spec jsonb not null default '{}'::jsonb,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index status_pages_name_key on status_pages (name) where deleted_at is null;
create trigger status_pages_updated_at before update on status_pages for each row execute function set_updated_at();

alter table incidents add column public boolean not null default false;

-- What the public is told about an incident, separate from the private comments and timeline.
create table incident_public_updates (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents (id) on delete cascade,
  status text not null default 'investigating'
    check (status in ('investigating', 'identified', 'monitoring', 'resolved')),
  message text not null check (btrim(message) <> ''),
  created_by uuid not null references people (id),
  created_at timestamptz not null default now()
);
create index incident_public_updates_incident_idx on incident_public_updates (incident_id, created_at);

-- A send suppressed because its resource was under maintenance names the window (status 'silenced').
alter table notification_send_history add column maintenance_window_id uuid references maintenance_windows (id);

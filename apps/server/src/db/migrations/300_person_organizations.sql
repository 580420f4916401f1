-- Hosted organization mode: the organizations and provider groups a person had at their last
-- sign-in through the organization provider (the switcher lists these; roles are resynced from
-- the groups at every sign-in). PostgreSQL 15 SQL only.

create table person_organizations (
  person_id uuid primary key references people (id) on delete cascade,
  organizations jsonb not null default '[]',
  groups jsonb not null default '[]',
  synced_at timestamptz not null default now()
);

-- Views (issue 17 part 2, backend-2 section 4): the View resource, the results of its last refresh
-- per variable set (panels and the cache's age) and its rows, paged and filtered by the server.
-- Rows live in one table keyed by view and request fingerprint rather than a table per view, so no
-- DDL runs at request time.
create table views (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name ~ '^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?$'),
  namespace text not null default 'default',
  labels jsonb,
  spec jsonb not null,
  source text not null default 'UI',
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000',
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index views_name_key on views (namespace, name) where deleted_at is null;
create trigger views_updated_at before update on views for each row execute function set_updated_at();

create or replace view views_summary as
select
  v.id, v.name, v.namespace,
  coalesce(v.spec #>> '{display,title}', v.name) as title,
  v.spec #>> '{display,icon}' as icon,
  case when jsonb_typeof(v.spec #> '{display,ordinal}') = 'number' then (v.spec #>> '{display,ordinal}')::int end as ordinal,
  coalesce((v.spec #>> '{display,sidebar}')::boolean, false) as sidebar,
  v.source, v.labels, v.created_at, v.updated_at, v.deleted_at
from views v
where v.deleted_at is null;

-- one refresh of one view for one set of variables
create table view_results (
  view_id uuid not null references views (id) on delete cascade,
  request_fingerprint text not null,
  variables jsonb not null default '{}',
  panels jsonb not null default '[]',
  column_options jsonb not null default '{}',
  row_count int not null default 0,
  refreshed_at timestamptz not null default now(),
  refresh_error text,
  primary key (view_id, request_fingerprint)
);

create table view_rows (
  view_id uuid not null,
  request_fingerprint text not null,
  ordinal int not null,
  row jsonb not null,
  primary key (view_id, request_fingerprint, ordinal),
  foreign key (view_id, request_fingerprint) references view_results (view_id, request_fingerprint) on delete cascade
);

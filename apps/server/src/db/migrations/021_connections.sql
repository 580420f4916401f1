-- Connections: named credentials referenced from checks as connection://namespace/name.
-- password and certificate are encrypted by the application (AES-256-GCM, "enc:v1:" prefix);
-- connections_list is what clients read: secrets masked, credentials in the URL hidden.

create table connections (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  type text not null,
  url text,
  source text,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean not null default false,
  created_by uuid references people (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index connections_name_key on connections (namespace, name) where deleted_at is null;
create trigger connections_updated_at before update on connections for each row execute function set_updated_at();

create view connections_list as
select
  id, name, namespace, type,
  regexp_replace(url, '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/:@]*):[^/@]*@', '\1:********@') as url,
  source,
  username,
  case when password is null then null else '********' end as password,
  case when certificate is null then null else '********' end as certificate,
  properties, insecure_tls, created_by, created_at, updated_at, deleted_at
from connections;

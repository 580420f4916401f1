-- Built-in identity server (ARCHITECTURE section 5, mode 1): identities linked to people,
-- their credentials, sessions, self-service flows, one-time codes and the email courier.
-- Secrets never sit here in clear text: passwords are argon2id hashes, session and recovery
-- codes are SHA-256 digests, TOTP seeds are AES-256-GCM ciphertexts.

-- An identity is the sign-in side of a person: same id as its `people` row.
create table identities (
  id uuid primary key references people (id) on delete cascade,
  schema_id text not null default 'default',
  traits jsonb not null,
  state text not null default 'active' check (state in ('active', 'inactive')),
  state_changed_at timestamptz not null default now(),
  metadata_public jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger identities_updated_at before update on identities for each row execute function set_updated_at();

-- One row per identity and method (password, totp, lookup_secret, webauthn, oidc).
create table identity_credentials (
  id uuid primary key default gen_random_uuid(),
  identity_id uuid not null references identities (id) on delete cascade,
  type text not null,
  config jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (identity_id, type)
);
create trigger identity_credentials_updated_at before update on identity_credentials for each row execute function set_updated_at();

-- What a credential is found by: an email for password, a credential id for passkeys,
-- provider:subject for OIDC. Unique per method.
create table identity_credential_identifiers (
  credential_id uuid not null references identity_credentials (id) on delete cascade,
  type text not null,
  identifier text not null,
  primary key (type, identifier)
);
create index identity_credential_identifiers_credential_idx on identity_credential_identifiers (credential_id);

-- Email addresses of an identity, used for verification and recovery.
create table identity_addresses (
  id uuid primary key default gen_random_uuid(),
  identity_id uuid not null references identities (id) on delete cascade,
  via text not null default 'email',
  value text not null,
  verified boolean not null default false,
  verified_at timestamptz,
  status text not null default 'pending' check (status in ('pending', 'sent', 'completed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (via, value)
);
create index identity_addresses_identity_idx on identity_addresses (identity_id);
create trigger identity_addresses_updated_at before update on identity_addresses for each row execute function set_updated_at();

-- Signed-in sessions; the cookie or token holds a random secret, this row only its SHA-256.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  identity_id uuid not null references identities (id) on delete cascade,
  token_hash text not null unique,
  logout_token_hash text not null unique,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  authentication_methods jsonb not null default '[]',
  active boolean not null default true,
  authenticated_at timestamptz not null default now(),
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  devices jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_identity_idx on sessions (identity_id);
create trigger sessions_updated_at before update on sessions for each row execute function set_updated_at();

-- Login, registration, recovery, verification and settings flows. `ui` is what the client
-- renders; `internal` holds server-only state (pending TOTP seed ciphertext, challenges).
create table selfservice_flows (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('login', 'registration', 'recovery', 'verification', 'settings')),
  type text not null check (type in ('browser', 'api')),
  state text not null,
  active text,
  request_url text not null,
  return_to text,
  refresh boolean not null default false,
  requested_aal text not null default 'aal1',
  identity_id uuid references identities (id) on delete cascade,
  csrf_token text not null default '',
  ui jsonb not null,
  internal jsonb not null default '{}',
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index selfservice_flows_expires_idx on selfservice_flows (expires_at);
create trigger selfservice_flows_updated_at before update on selfservice_flows for each row execute function set_updated_at();

-- One-time codes sent by email for recovery and verification; only a SHA-256 is kept.
create table identity_codes (
  id uuid primary key default gen_random_uuid(),
  flow_id uuid not null references selfservice_flows (id) on delete cascade,
  kind text not null check (kind in ('recovery', 'verification')),
  identity_id uuid references identities (id) on delete cascade,
  address text not null,
  code_hash text not null,
  attempts int not null default 0,
  used_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index identity_codes_flow_idx on identity_codes (flow_id);

-- Outgoing email: sent through SMTP when configured, otherwise kept here (and logged).
create table courier_messages (
  id uuid primary key default gen_random_uuid(),
  type text not null default 'email',
  status text not null default 'queued' check (status in ('queued', 'sent', 'processing', 'abandoned')),
  recipient text not null,
  subject text not null,
  body text not null,
  template_type text not null,
  send_count int not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index courier_messages_created_idx on courier_messages (created_at desc);
create trigger courier_messages_updated_at before update on courier_messages for each row execute function set_updated_at();

-- Error objects behind /self-service/errors?id=.
create table selfservice_errors (
  id uuid primary key default gen_random_uuid(),
  error jsonb not null,
  created_at timestamptz not null default now()
);

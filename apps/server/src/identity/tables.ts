import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from '../db/types.js';

/** The flows of the Kratos self-service API. */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export interface IdentitiesTable {
  id: string;
  schema_id: Generated<string>;
  traits: Json;
  state: Generated<'active' | 'inactive'>;
  state_changed_at: CreatedAt;
  metadata_public: Json | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IdentityCredentialsTable {
  id: Generated<string>;
  identity_id: string;
  type: string;
  config: Json;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IdentityCredentialIdentifiersTable {
  credential_id: string;
  type: string;
  identifier: string;
}

export interface IdentityAddressesTable {
  id: Generated<string>;
  identity_id: string;
  via: Generated<string>;
  value: string;
  verified: Generated<boolean>;
  verified_at: Timestamp | null;
  status: Generated<'pending' | 'sent' | 'completed'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  identity_id: string;
  token_hash: string;
  logout_token_hash: string;
  aal: Generated<'aal1' | 'aal2'>;
  authentication_methods: Json;
  active: Generated<boolean>;
  authenticated_at: CreatedAt;
  issued_at: CreatedAt;
  expires_at: Timestamp;
  devices: Json;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SelfserviceFlowsTable {
  id: Generated<string>;
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  active: string | null;
  request_url: string;
  return_to: string | null;
  refresh: Generated<boolean>;
  requested_aal: Generated<string>;
  identity_id: string | null;
  csrf_token: Generated<string>;
  ui: Json;
  internal: Json;
  issued_at: CreatedAt;
  expires_at: Timestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface IdentityCodesTable {
  id: Generated<string>;
  flow_id: string;
  kind: 'recovery' | 'verification';
  identity_id: string | null;
  address: string;
  code_hash: string;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface CourierMessagesTable {
  id: Generated<string>;
  type: Generated<string>;
  status: Generated<'queued' | 'sent' | 'processing' | 'abandoned'>;
  recipient: string;
  subject: string;
  body: string;
  template_type: string;
  send_count: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SelfserviceErrorsTable {
  id: Generated<string>;
  error: Json;
  created_at: CreatedAt;
}

export interface PersonRolesTable {
  person_id: string;
  role: string;
  created_at: CreatedAt;
}

export interface PermissionsTable {
  id: Generated<string>;
  name: Generated<string>;
  namespace: Generated<string>;
  description: string | null;
  source: Generated<string>;
  subject_type: string | null;
  subject: string | null;
  action: string;
  object: string | null;
  object_selector: Json | null;
  deny: Generated<boolean>;
  component_id: string | null;
  config_id: string | null;
  canary_id: string | null;
  playbook_id: string | null;
  connection_id: string | null;
  person_id: string | null;
  team_id: string | null;
  notification_id: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  deleted_at: Timestamp | null;
  error: string | null;
  until: Timestamp | null;
  agents: string[] | null;
  tags: Json | null;
  /** The `spec.object` of a Permission applied from YAML (migration 362): scopes re-expand from it. */
  applied_object: Json | null;
}

/** View `people_roles`: people with their identity state and roles. */
export interface PeopleRolesView {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  type: string | null;
  created_at: Date;
  updated_at: Date;
  last_login: Date | null;
  state: string | null;
  state_changed_at: Date | null;
  roles: string[];
}

declare module '../db/types.js' {
  interface Database {
    identities: IdentitiesTable;
    identity_credentials: IdentityCredentialsTable;
    identity_credential_identifiers: IdentityCredentialIdentifiersTable;
    identity_addresses: IdentityAddressesTable;
    sessions: SessionsTable;
    selfservice_flows: SelfserviceFlowsTable;
    identity_codes: IdentityCodesTable;
    courier_messages: CourierMessagesTable;
    selfservice_errors: SelfserviceErrorsTable;
    person_roles: PersonRolesTable;
    permissions: PermissionsTable;
    people_roles: PeopleRolesView;
  }
}

/**
 * The connection types and what their forms ask for: which fields,
 * which are required (the server refuses a save without them, with the same list) and the
 * defaults of section 5 (SFTP port 22, email 587 / Auto / Unknown, ntfy.sh, OpsGenie 443,
 * generic webhook POST, Git ref main, Redis db 0).
 */

/** A top-level column of a connection, or `properties.<key>`. */
export type ConnectionFieldKey =
  | 'url'
  | 'username'
  | 'password'
  | 'certificate'
  | 'insecure_tls'
  | `properties.${string}`;

export interface ConnectionField {
  key: ConnectionFieldKey;
  label: string;
  kind?: 'text' | 'secret' | 'secretText' | 'number' | 'select' | 'boolean';
  required?: boolean;
  options?: readonly string[];
  placeholder?: string;
}

export type ConnectionGroup = 'Services' | 'Notifications' | 'Other';

export interface ConnectionTypeSpec {
  type: string;
  label: string;
  group: ConnectionGroup;
  fields: ConnectionField[];
  defaults?: Record<string, string>;
  /** Kept for stored rows but not offered for new connections (jmeter). */
  hidden?: boolean;
}

const url = (label = 'URL', required = true, placeholder?: string): ConnectionField => ({
  key: 'url',
  label,
  required,
  placeholder,
});
const user = (label = 'Username', required = false): ConnectionField => ({ key: 'username', label, required });
const secret = (label = 'Password', required = false): ConnectionField => ({
  key: 'password',
  label,
  kind: 'secret',
  required,
});
const cert = (label: string, required = true): ConnectionField => ({
  key: 'certificate',
  label,
  kind: 'secretText',
  required,
});
const prop = (key: string, label: string, extra: Partial<ConnectionField> = {}): ConnectionField => ({
  key: `properties.${key}`,
  label,
  ...extra,
});
const insecure: ConnectionField = { key: 'insecure_tls', label: 'Skip TLS verification', kind: 'boolean' };

function service(
  type: string,
  label: string,
  fields: ConnectionField[],
  defaults?: Record<string, string>,
): ConnectionTypeSpec {
  return { type, label, group: 'Services', fields, defaults };
}
function notify(
  type: string,
  label: string,
  fields: ConnectionField[],
  defaults?: Record<string, string>,
): ConnectionTypeSpec {
  return { type, label, group: 'Notifications', fields, defaults };
}

/** Every connection type with its form. */
export const CONNECTION_TYPES: readonly ConnectionTypeSpec[] = [
  service('postgres', 'PostgreSQL', [
    url('Connection URL', true, 'postgres://user:pass@host:5432/db'),
    user(),
    secret(),
  ]),
  service('mysql', 'MySQL', [url('Connection URL', true, 'mysql://user:pass@host:3306/db'), user(), secret()]),
  service('sql_server', 'SQL Server', [
    url('Connection URL', true, 'sqlserver://user:pass@host:1433?database=db'),
    user(),
    secret(),
  ]),
  service('http', 'HTTP', [url('URL', true, 'https://api.example.com'), user(), secret(), insecure]),
  service('prometheus', 'Prometheus', [url('URL', true, 'http://prometheus:9090'), user(), secret(), insecure]),
  service('elasticsearch', 'Elasticsearch', [
    url('URL', true, 'http://elasticsearch:9200'),
    user(),
    secret(),
    insecure,
  ]),
  service('mongo', 'MongoDB', [url('Connection URL', true, 'mongodb://host:27017/db'), user(), secret()]),
  service('ldap', 'LDAP', [
    url('URL', true, 'ldap://ldap.example.com:389'),
    user('Bind DN', true),
    secret('Password', true),
    insecure,
  ]),
  service(
    'redis',
    'Redis',
    [url('Address', true, 'redis:6379'), user(), secret(), prop('db', 'Database', { kind: 'number' })],
    { db: '0' },
  ),
  service('windows', 'Windows', [user('Username', true), secret('Password', true), prop('domain', 'Domain')]),
  service('google_cloud', 'Google Cloud', [cert('Service account JSON'), prop('project', 'Project')]),
  service('gcs', 'Google Cloud Storage', [
    prop('bucket', 'Bucket', { required: true }),
    cert('Service account JSON'),
    url('Endpoint', false),
  ]),
  service(
    'sftp',
    'SFTP',
    [
      prop('host', 'Host', { required: true }),
      prop('port', 'Port', { kind: 'number' }),
      user('Username', true),
      secret(),
    ],
    { port: '22' },
  ),
  service('aws', 'AWS', [
    user('Access key ID', true),
    secret('Secret access key', true),
    prop('region', 'Region'),
    prop('profile', 'Profile'),
    url('Endpoint', false),
    insecure,
  ]),
  service('s3', 'S3', [
    prop('bucket', 'Bucket', { required: true }),
    user('Access key ID', true),
    secret('Secret access key', true),
    prop('region', 'Region'),
    url('Endpoint', false),
    insecure,
  ]),
  service('kubernetes', 'Kubernetes', [cert('Kubeconfig')]),
  service('azure_devops', 'Azure DevOps', [
    user('Organization', true),
    secret('Personal access token', true),
    url('URL', false),
  ]),
  service('azure', 'Azure', [
    user('Client ID', true),
    secret('Client secret', true),
    prop('tenant', 'Tenant ID', { required: true }),
  ]),
  service('github', 'GitHub', [secret('Personal access token', true), url('URL', false, 'https://api.github.com')]),
  service('gitlab', 'GitLab', [secret('Personal access token', true), url('URL', false, 'https://gitlab.com')]),
  service('restic', 'Restic', [url('Repository', true), secret('Password', true), user('Access key ID')]),
  service('smb', 'SMB', [
    prop('host', 'Host', { required: true }),
    prop('port', 'Port', { kind: 'number' }),
    user('Username', true),
    secret('Password', true),
    prop('domain', 'Domain'),
  ]),
  { ...service('jmeter', 'JMeter', [url('URL', false)]), hidden: true },
  service('dynatrace', 'Dynatrace', [url('URL', true), secret('API key', true)]),
  service('openai', 'OpenAI', [secret('API key', true), prop('model', 'Model'), url('Base URL', false)]),
  service('anthropic', 'Anthropic', [secret('API key', true), prop('model', 'Model'), url('Base URL', false)]),
  service('ollama', 'Ollama', [url('URL', true, 'http://ollama:11434'), prop('model', 'Model')]),
  notify('discord', 'Discord', [url('Webhook URL')]),
  notify(
    'email',
    'Email (SMTP)',
    [
      prop('host', 'SMTP host', { required: true }),
      prop('port', 'Port', { kind: 'number' }),
      user('Username', true),
      secret('Password', true),
      prop('encryption', 'Encryption', { kind: 'select', options: ['Auto', 'ExplicitTLS', 'ImplicitTLS', 'None'] }),
      prop('auth', 'Authentication', { kind: 'select', options: ['Unknown', 'Plain', 'CRAMMD5', 'None', 'OAuth2'] }),
      prop('from', 'From address'),
    ],
    { port: '587', encryption: 'Auto', auth: 'Unknown' },
  ),
  notify('google_chat', 'Google Chat', [url('Webhook URL', false)]),
  notify('ifttt', 'IFTTT', [secret('Webhook key'), prop('events', 'Events')]),
  notify('mattermost', 'Mattermost', [url('URL', false), user(), secret('Token'), prop('channel', 'Channel')]),
  notify('matrix', 'Matrix', [url('Homeserver URL', false), user(), secret(), prop('channel', 'Room')]),
  notify('ntfy', 'Ntfy', [prop('host', 'Host'), prop('topic', 'Topic'), user(), secret()], { host: 'ntfy.sh' }),
  notify(
    'opsgenie',
    'OpsGenie',
    [secret('API key', true), prop('host', 'Host'), prop('port', 'Port', { kind: 'number' })],
    { port: '443' },
  ),
  notify('pushbullet', 'Pushbullet', [secret('Access token'), prop('targets', 'Targets')]),
  notify('pushover', 'Pushover', [user('User key'), secret('API token')]),
  notify('rocketchat', 'Rocket.Chat', [url('URL', false), user(), secret('Token'), prop('channel', 'Channel')]),
  notify('slack', 'Slack', [secret('Bot token', true), prop('channel', 'Channel')]),
  notify('teams', 'Microsoft Teams', [url('Webhook URL')]),
  notify('telegram', 'Telegram', [secret('Bot token', true), prop('targets', 'Chat IDs')]),
  notify('zulip_chat', 'Zulip', [url('URL', false), user('Bot email'), secret('Bot key'), prop('channel', 'Stream')]),
  notify(
    'generic_webhook',
    'Generic webhook',
    [
      url('URL'),
      prop('requestMethod', 'Method', { kind: 'select', options: ['POST', 'GET'] }),
      prop('contentType', 'Content type', { placeholder: 'application/json' }),
      user(),
      secret(),
    ],
    { requestMethod: 'POST' },
  ),
  { type: 'folder', label: 'Folder', group: 'Other', fields: [url('Path', true, '/var/data')] },
  {
    type: 'git',
    label: 'Git',
    group: 'Other',
    fields: [
      url('Repository URL', true),
      prop('ref', 'Ref'),
      user(),
      secret('Password or token'),
      cert('SSH private key', false),
    ],
    defaults: { ref: 'main' },
  },
];

/** The form of a type; an unknown stored type gets URL, username and password. */
export function connectionType(type: string): ConnectionTypeSpec {
  return (
    CONNECTION_TYPES.find((t) => t.type === type) ?? {
      type,
      label: type,
      group: 'Other',
      fields: [url('URL', false), user(), secret()],
    }
  );
}

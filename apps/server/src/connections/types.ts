import { z } from 'zod';

/** Connection types: service and notification types, plus folder and git. */
export const CONNECTION_TYPES = [
  'anthropic',
  'openai',
  'ollama',
  'postgres',
  'mysql',
  'sql_server',
  'http',
  'prometheus',
  'elasticsearch',
  'mongo',
  'ldap',
  'redis',
  'windows',
  'google_cloud',
  'gcs',
  'sftp',
  'aws',
  's3',
  'kubernetes',
  'azure_devops',
  'azure',
  'github',
  'gitlab',
  'restic',
  'smb',
  'jmeter',
  'dynatrace',
  'discord',
  'email',
  'google_chat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'generic_webhook',
  'folder',
  'git',
] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Fields a type needs: `url`, `username`, `password`, `certificate`, or a property name. */
const REQUIRED: Partial<Record<ConnectionType, string[]>> = {
  postgres: ['url'],
  mysql: ['url'],
  sql_server: ['url'],
  http: ['url'],
  prometheus: ['url'],
  elasticsearch: ['url'],
  mongo: ['url'],
  ldap: ['url', 'username', 'password'],
  redis: ['url'],
  sftp: ['host', 'username'],
  smb: ['host', 'username', 'password'],
  windows: ['username', 'password'],
  aws: ['username', 'password'],
  s3: ['bucket', 'username', 'password'],
  gcs: ['bucket', 'certificate'],
  google_cloud: ['certificate'],
  kubernetes: ['certificate'],
  github: ['password'],
  gitlab: ['password'],
  azure_devops: ['username', 'password'],
  azure: ['username', 'password', 'tenant'],
  openai: ['password'],
  anthropic: ['password'],
  ollama: ['url'],
  dynatrace: ['url', 'password'],
  restic: ['url', 'password'],
  slack: ['password'],
  discord: ['url'],
  teams: ['url'],
  telegram: ['password'],
  email: ['host', 'username', 'password'],
  opsgenie: ['password'],
  generic_webhook: ['url'],
  git: ['url'],
  folder: ['url'],
};

/** Property defaults of the connection form (SFTP port 22, email 587/Auto/Unknown, ...). */
const DEFAULTS: Partial<Record<ConnectionType, Record<string, string>>> = {
  sftp: { port: '22' },
  email: { port: '587', encryption: 'Auto', auth: 'Unknown' },
  ntfy: { host: 'ntfy.sh' },
  opsgenie: { port: '443' },
  generic_webhook: { requestMethod: 'POST' },
  git: { ref: 'main' },
  redis: { db: '0' },
};

/** What clients see instead of a stored secret; writing it back keeps the stored value. */
export const SECRET_MASK = '********';

/** A connection as clients send it (POST /api/db/connections). */
export const connectionInputSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required').max(253),
    namespace: z.string().trim().min(1).max(253).default('default'),
    type: z.enum(CONNECTION_TYPES, { error: `type must be one of ${CONNECTION_TYPES.join(', ')}` }),
    url: z.string().trim().nullish(),
    username: z.string().nullish(),
    password: z.string().nullish(),
    certificate: z.string().nullish(),
    insecure_tls: z.boolean().optional(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).nullish(),
    source: z.string().nullish(),
  })
  .passthrough();
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** Fills the type's property defaults and returns the required fields that are missing. */
export function applyTypeRules(input: ConnectionInput): { properties: Record<string, string>; missing: string[] } {
  const properties = { ...(DEFAULTS[input.type] ?? {}), ...(input.properties ?? {}) };
  const has = (field: string) => {
    if (field === 'host') return !!(properties.host || input.url);
    const direct = (input as Record<string, unknown>)[field];
    if (['url', 'username', 'password', 'certificate'].includes(field))
      return typeof direct === 'string' && direct !== '';
    return !!properties[field];
  };
  const missing = (REQUIRED[input.type] ?? []).filter((f) => !has(f));
  return { properties, missing };
}

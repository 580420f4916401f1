import { z } from 'zod';
import { unsupported } from '../schema.js';

const keyRef = z.strictObject({ name: z.string().min(1), key: z.string().min(1) });

/** A value or where to read it: OpsDeck has no Kubernetes, so a key ref names a stored connection and its field. */
export const envVar = z.union([
  z.string(),
  z.strictObject({
    name: z.string().optional(),
    value: z.string().optional(),
    valueFrom: z
      .strictObject({
        secretKeyRef: keyRef.optional(),
        configMapKeyRef: keyRef.optional(),
        helmRef: unsupported('OpsDeck has no Helm releases to read values from; give value or a secretKeyRef'),
        serviceAccount: unsupported('OpsDeck runs outside Kubernetes and has no service account token to fetch'),
      })
      .optional(),
  }),
]);
export type EnvVar = z.infer<typeof envVar>;

/** A connection's fields before their values are read: what a typed section maps to. */
export interface ConnectionFields {
  type: string;
  url?: EnvVar | undefined;
  username?: EnvVar | undefined;
  password?: EnvVar | undefined;
  certificate?: EnvVar | undefined;
  properties: Record<string, EnvVar | undefined>;
  insecure_tls?: boolean | undefined;
}

/**
 * Mission Control's typed connection sections and how each maps onto OpsDeck's connection of a
 * type (the fields the Connections page shows for it).
 */
export const SECTIONS = {
  aws: {
    schema: z.strictObject({
      accessKey: envVar.optional(),
      secretKey: envVar.optional(),
      region: z.string().optional(),
      profile: z.string().optional(),
      insecureTLS: z.boolean().optional(),
    }),
    map: (s: { accessKey?: EnvVar; secretKey?: EnvVar; region?: string; profile?: string; insecureTLS?: boolean }) => ({
      type: 'aws',
      username: s.accessKey,
      password: s.secretKey,
      properties: { region: s.region, profile: s.profile },
      insecure_tls: s.insecureTLS,
    }),
  },
  azure: {
    schema: z.strictObject({ clientID: envVar, clientSecret: envVar.optional(), tenantID: envVar }),
    map: (s: { clientID: EnvVar; clientSecret?: EnvVar; tenantID: EnvVar }) => ({
      type: 'azure',
      username: s.clientID,
      password: s.clientSecret,
      properties: { tenant: s.tenantID },
    }),
  },
  azureDevops: {
    schema: z.strictObject({ organization: z.string(), personalAccessToken: envVar }),
    map: (s: { organization: string; personalAccessToken: EnvVar }) => ({
      type: 'azure_devops',
      username: s.organization,
      password: s.personalAccessToken,
      properties: {},
    }),
  },
  discord: {
    schema: z.strictObject({ token: z.string(), webhookID: z.string() }),
    map: (s: { token: string; webhookID: string }) => ({
      type: 'discord',
      url: `https://discord.com/api/webhooks/${encodeURIComponent(s.webhookID)}/${encodeURIComponent(s.token)}`,
      properties: {},
    }),
  },
  folder: {
    schema: z.strictObject({ path: z.string() }),
    map: (s: { path: string }) => ({ type: 'folder', url: s.path, properties: {} }),
  },
  gcp: {
    schema: z.strictObject({ certificate: envVar }),
    map: (s: { certificate: EnvVar }) => ({ type: 'google_cloud', certificate: s.certificate, properties: {} }),
  },
  smb: {
    schema: z.strictObject({ server: envVar, share: z.string(), username: envVar, password: envVar }),
    map: (s: { server: EnvVar; share: string; username: EnvVar; password: EnvVar }) => ({
      type: 'smb',
      username: s.username,
      password: s.password,
      properties: { host: s.server, share: s.share },
    }),
  },
  smtp: {
    schema: z.strictObject({
      host: z.string(),
      port: z.number().int().optional(),
      username: envVar.optional(),
      password: envVar.optional(),
      fromAddress: z.string(),
      toAddresses: z.array(z.string()).optional(),
      subject: z.string().optional(),
      auth: z.string().optional(),
      encryption: z.string().optional(),
      insecureTLS: z.boolean().optional(),
    }),
    map: (s: {
      host: string;
      port?: number;
      username?: EnvVar;
      password?: EnvVar;
      fromAddress: string;
      toAddresses?: string[];
      subject?: string;
      auth?: string;
      encryption?: string;
      insecureTLS?: boolean;
    }) => ({
      type: 'email',
      username: s.username,
      password: s.password,
      properties: {
        host: s.host,
        port: s.port === undefined ? undefined : String(s.port),
        from: s.fromAddress,
        to: s.toAddresses?.join(','),
        subject: s.subject,
        auth: s.auth,
        encryption: s.encryption,
      },
      insecure_tls: s.insecureTLS,
    }),
  },
  telegram: {
    schema: z.strictObject({ chats: envVar, token: envVar }),
    map: (s: { chats: EnvVar; token: EnvVar }) => ({
      type: 'telegram',
      password: s.token,
      properties: { targets: s.chats },
    }),
  },
} as const;
export type SectionName = keyof typeof SECTIONS;

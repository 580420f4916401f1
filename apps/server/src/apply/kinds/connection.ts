import { z } from 'zod';
import { connectionSecretBox } from '../../connections/secrets.js';
import { prepareConnectionRow } from '../../connections/service.js';
import { findConnection, openSecret } from '../../connections/store.js';
import { CONNECTION_TYPES } from '../../connections/types.js';
import { badRequest } from '../../errors.js';
import { APPLIED_SOURCE, type ApplyScope, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';
import { type ConnectionFields, type EnvVar, envVar, SECTIONS, type SectionName } from './connectionSections.js';

const typed = unsupported(
  'OpsDeck reads the typed sections aws, azure, azureDevops, discord, folder, gcp, smb, smtp and telegram; for others give spec.type with url, username, password, certificate and properties',
);

const sections = Object.fromEntries(Object.entries(SECTIONS).map(([k, v]) => [k, v.schema.optional()])) as {
  [K in SectionName]: z.ZodOptional<(typeof SECTIONS)[K]['schema']>;
};

const schema = crdSchema(
  'Connection',
  z
    .strictObject({
      type: z.enum(CONNECTION_TYPES, { error: `type must be one of ${CONNECTION_TYPES.join(', ')}` }).optional(),
      url: envVar.optional(),
      username: envVar.optional(),
      password: envVar.optional(),
      certificate: envVar.optional(),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
      insecure_tls: z.boolean().optional(),
      insecureTLS: z.boolean().optional(),
      ...sections,
    })
    .catchall(typed)
    .superRefine((spec, ctx) => {
      const given = (Object.keys(SECTIONS) as SectionName[]).filter((k) => spec[k] !== undefined);
      if (given.length > 1)
        ctx.addIssue({ code: 'custom', message: `name one typed section, not ${given.join(' and ')}` });
      if (!given.length && !spec.type)
        ctx.addIssue({
          code: 'custom',
          path: ['type'],
          message: 'name the connection type (or give a typed section such as smtp)',
        });
    }),
);
type ConnectionResource = z.infer<typeof schema>;

/** The fields a document gives, from its typed section or the generic ones. */
function fieldsOf(spec: ConnectionResource['spec']): ConnectionFields {
  const section = (Object.keys(SECTIONS) as SectionName[]).find((k) => spec[k] !== undefined);
  if (section) {
    const mapped = (SECTIONS[section].map as (s: unknown) => ConnectionFields)(spec[section]);
    return { ...mapped, insecure_tls: mapped.insecure_tls ?? spec.insecure_tls ?? spec.insecureTLS };
  }
  return {
    type: spec.type as string,
    url: spec.url,
    username: spec.username,
    password: spec.password,
    certificate: spec.certificate,
    properties: spec.properties ?? {},
    insecure_tls: spec.insecure_tls ?? spec.insecureTLS,
  };
}

/** The value an EnvVar stands for, read from the stored connection its key ref names. */
async function resolve(scope: ApplyScope, v: EnvVar | undefined, path: string, namespace: string) {
  if (v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v.value !== undefined) return v.value;
  const ref = v.valueFrom?.secretKeyRef ?? v.valueFrom?.configMapKeyRef;
  if (!ref) return null;
  const row = await findConnection({ kysely: scope.trx } as never, ref.name, namespace);
  if (!row) throw badRequest(`${path}.valueFrom: no connection "${ref.name}" to read ${ref.key} from`);
  const box = connectionSecretBox(scope.config);
  const fields: Record<string, string | null | undefined> = {
    url: row.url,
    username: row.username,
    password: openSecret(box, row.password),
    certificate: openSecret(box, row.certificate),
  };
  const props = (row.properties ?? {}) as Record<string, unknown>;
  const value = ref.key in fields ? fields[ref.key] : props[ref.key];
  if (value === undefined || value === null)
    throw badRequest(`${path}.valueFrom: connection "${ref.name}" has no ${ref.key}`);
  return String(value);
}

/**
 * Connection (mission-control.flanksource.com/v1): validated per type and its password and
 * certificate sealed as the Connections page's writes are. Re-applying the same secret keeps the
 * stored (sealed) value, so nothing changes.
 */
export const connectionKind = defineKind<ConnectionResource>({
  table: 'connections',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'connections', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    const ns = r.metadata.namespace;
    const box = connectionSecretBox(scope.config);
    const f = fieldsOf(r.spec);
    const properties: Record<string, string> = {};
    for (const [key, value] of Object.entries(f.properties)) {
      const read = await resolve(scope, value, `spec.properties.${key}`, ns);
      if (read !== null) properties[key] = read;
    }
    const input = {
      name: r.metadata.name,
      namespace: ns,
      type: f.type,
      url: await resolve(scope, f.url, 'spec.url', ns),
      username: await resolve(scope, f.username, 'spec.username', ns),
      password: await resolve(scope, f.password, 'spec.password', ns),
      certificate: await resolve(scope, f.certificate, 'spec.certificate', ns),
      insecure_tls: f.insecure_tls ?? false,
      properties,
      source: APPLIED_SOURCE,
    };
    const id = await locate(scope, 'connections', { name: r.metadata.name, namespace: ns });
    const stored = id
      ? await scope.trx
          .selectFrom('connections')
          .select(['password', 'certificate'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    // the same secret again keeps its sealed form (sealing twice differs): an unchanged file changes nothing
    for (const field of ['password', 'certificate'] as const) {
      const sealed = stored?.[field] ?? null;
      if (sealed && input[field] !== null && openSecret(box, sealed) === input[field]) input[field] = sealed;
    }
    const row = prepareConnectionRow(input, box);
    const { name: _n, namespace: _ns, ...values } = row as Record<string, unknown> & typeof input;
    if (id)
      await scope.trx
        .updateTable('connections')
        .set(values as never)
        .where('id', '=', id)
        .execute();
    else
      await scope.trx
        .insertInto('connections')
        .values({ ...row, created_by: scope.author } as never)
        .execute();
  },
  remove: (scope, id) => softDelete(scope, 'connections', id),
});

import { z } from 'zod';
import { connectionSecretBox } from '../../connections/secrets.js';
import { prepareConnectionRow } from '../../connections/service.js';
import { findConnection, openSecret } from '../../connections/store.js';
import { CONNECTION_TYPES } from '../../connections/types.js';
import { badRequest } from '../../http/errors.js';
import { APPLIED_SOURCE, type ApplyScope, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';

const keyRef = z.strictObject({ name: z.string().min(1), key: z.string().min(1) });
/** A value or where to read it: OpsDeck has no Kubernetes, so a key ref names a stored connection and its field. */
const envVar = z.union([
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
type EnvVar = z.infer<typeof envVar>;

const typed = unsupported(
  'typed connection sections are not read by OpsDeck: give spec.type with url, username, password, certificate and properties',
);

const schema = crdSchema(
  'Connection',
  z
    .strictObject({
      type: z.enum(CONNECTION_TYPES, { error: `type must be one of ${CONNECTION_TYPES.join(', ')}` }),
      url: envVar.optional(),
      username: envVar.optional(),
      password: envVar.optional(),
      certificate: envVar.optional(),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
      insecure_tls: z.boolean().optional(),
      insecureTLS: z.boolean().optional(),
    })
    .catchall(typed),
);
type ConnectionResource = z.infer<typeof schema>;

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
    const input = {
      name: r.metadata.name,
      namespace: ns,
      type: r.spec.type,
      url: await resolve(scope, r.spec.url, 'spec.url', ns),
      username: await resolve(scope, r.spec.username, 'spec.username', ns),
      password: await resolve(scope, r.spec.password, 'spec.password', ns),
      certificate: await resolve(scope, r.spec.certificate, 'spec.certificate', ns),
      insecure_tls: r.spec.insecure_tls ?? r.spec.insecureTLS ?? false,
      properties: r.spec.properties ?? {},
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

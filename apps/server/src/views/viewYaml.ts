import { canaryIssues, formatPath, type ViewResource, viewSchema } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { compileCel } from '../expr/index.js';
import { type ResourceIssue, ResourceValidationError } from '../resourceYaml.js';

/** A View document that failed validation: every problem with the path that has it. */
export class ViewValidationError extends ResourceValidationError {}

function cel(source: string | undefined, at: PropertyKey[]): ResourceIssue[] {
  if (!source) return [];
  try {
    compileCel(source);
    return [];
  } catch (err) {
    return [{ path: formatPath(at), message: err instanceof Error ? err.message : String(err) }];
  }
}

/** Validates a View document as Mission Control writes it; CEL expressions must compile. */
export function validateView(doc: unknown): ViewResource {
  const parsed = viewSchema.safeParse(doc);
  if (!parsed.success) throw new ViewValidationError(canaryIssues(parsed.error));
  const spec = parsed.data.spec;
  const issues: ResourceIssue[] = [
    ...Object.entries(spec.mapping ?? {}).flatMap(([k, v]) => cel(v, ['spec', 'mapping', k])),
    ...(spec.columns ?? []).flatMap((c, i) => cel(c.url?.config, ['spec', 'columns', i, 'url', 'config'])),
    ...(spec.templating ?? []).flatMap((v, i) => [
      ...cel(v.valueFrom?.label, ['spec', 'templating', i, 'valueFrom', 'label']),
      ...cel(v.valueFrom?.value, ['spec', 'templating', i, 'valueFrom', 'value']),
    ]),
  ];
  if (issues.length) throw new ViewValidationError(issues);
  return parsed.data;
}

/** Validates a stored row's spec (Settings > Views writes rows, not documents). */
export function validateViewSpec(name: unknown, spec: unknown): void {
  validateView({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'View',
    metadata: { name: typeof name === 'string' && name ? name : 'view' },
    spec,
  });
}

/** Stores a View by namespace and name: updated when one exists (its cached results dropped). */
export async function saveView(
  db: Executor,
  view: ViewResource,
  opts: { source: string; createdBy?: string | null },
): Promise<{ id: string; created: boolean }> {
  const namespace = view.metadata.namespace ?? 'default';
  const labels = JSON.stringify(view.metadata.labels ?? {});
  const spec = JSON.stringify(view.spec);
  const { rows } = await sql<{ id: string }>`
    select id from views where namespace = ${namespace} and name = ${view.metadata.name} and deleted_at is null
  `.execute(db);
  const existing = rows[0];
  if (existing) {
    await sql`update views set spec = ${spec}::jsonb, labels = ${labels}::jsonb where id = ${existing.id}`.execute(db);
    await sql`delete from view_results where view_id = ${existing.id}`.execute(db);
    return { id: existing.id, created: false };
  }
  const inserted = await sql<{ id: string }>`
    insert into views (name, namespace, labels, spec, source, created_by)
    values (${view.metadata.name}, ${namespace}, ${labels}::jsonb, ${spec}::jsonb, ${opts.source}, ${opts.createdBy ?? null})
    returning id
  `.execute(db);
  return { id: (inserted.rows[0] as { id: string }).id, created: true };
}

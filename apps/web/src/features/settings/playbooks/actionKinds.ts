import { ACTION_TYPES, actionCommonShape, actionSchemas, UNSUPPORTED_ACTIONS } from '@opsdeck/schema';
import type { z } from 'zod';
import type { FieldHint } from './SchemaFields.js';
import { objectFields, type SchemaField, shapeFields } from './schemaNodes.js';

/**
 * The action types the builder offers, read from the shared schema: each runnable type with the
 * fields of its schema, and the types other tools accept and OpsDeck refuses (named, with why). A type added
 * to the schema shows up here with a form generated from its fields; the hints only word them.
 */
export interface ActionKind {
  type: string;
  fields: SchemaField[];
  /** Why OpsDeck refuses this type, for those it does not run. */
  unsupported?: string;
}

const schemas = actionSchemas as Record<string, z.ZodType>;

export const ACTION_KINDS: readonly ActionKind[] = [
  ...(ACTION_TYPES as readonly string[]).map((type) => ({ type, fields: objectFields(schemas[type] as z.ZodType) })),
  ...Object.entries(UNSUPPORTED_ACTIONS)
    .filter(([type]) => !(ACTION_TYPES as readonly string[]).includes(type))
    .map(([type, why]) => ({ type, fields: [], unsupported: why })),
];

/** The fields every action has besides its name and type: when, how long, where, retries. */
export const ACTION_COMMON_FIELDS: SchemaField[] = shapeFields(actionCommonShape as Record<string, z.ZodType>).filter(
  (f) => f.key !== 'name',
);

/** The type of an action: the first key that names an action type. */
export function actionType(action: Record<string, unknown>): string | undefined {
  return ACTION_KINDS.find((k) => action[k.type] !== undefined)?.type;
}

/** The same action as another type: its common fields kept, the old type's fields dropped. */
export function changeActionType(action: Record<string, unknown>, type: string): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(action)) if (!ACTION_KINDS.some((k) => k.type === key)) next[key] = value;
  next[type] = {};
  return next;
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const connection: FieldHint = {
  placeholder: 'connection://default/my-connection',
  help: 'A stored connection instead of a URL',
};

/** Labels, boxes and choices for the fields of the known action types (by `type.field`). */
export const ACTION_HINTS: Record<string, FieldHint> = {
  'exec.script': {
    multiline: true,
    placeholder: 'echo "{{.config.name}}"',
    help: 'Go templates see .config, .params, .env',
  },
  'exec.env': { item: 'variable' },
  'exec.artifacts': { item: 'artifact' },
  'exec.connections': { help: 'Connections exposed to the script, e.g. aws: connection://default/aws' },
  'exec.checkout.url': { label: 'URL' },
  'exec.checkout.connection': connection,
  'http.url': { label: 'URL', placeholder: 'https://example.com/hooks/{{.params.name}}' },
  'http.connection': connection,
  'http.method': { options: HTTP_METHODS, placeholder: 'GET' },
  'http.headers': { item: 'header' },
  'http.body': { multiline: true },
  'sql.url': { label: 'URL', placeholder: 'postgres://user@host/db' },
  'sql.connection': connection,
  'sql.query': { multiline: true, placeholder: 'select 1' },
  'notification.url': { label: 'URL', placeholder: 'slack://token@channel' },
  'notification.connection': connection,
  'notification.message': { multiline: true },
  'gitops.repo.url': { label: 'URL' },
  'gitops.repo.connection': connection,
  'gitops.repo.type': { label: 'Forge', options: ['github', 'gitlab'] },
  'gitops.pr': { label: 'Pull request' },
  'gitops.pr.body': { multiline: true },
  'gitops.files': { item: 'file' },
  'gitops.patches': { item: 'patch' },
  'gitops.files.content': { multiline: true, help: '$delete removes the file' },
  'gitops.patches.patch': { multiline: true },
  delay: { placeholder: '30s', help: 'A duration, or CEL answering one' },
  if: { label: 'Runs if', placeholder: 'success()', help: 'always(), failure(), success(), timeout(), skip() or CEL' },
  timeout: { placeholder: '5m' },
  runsOn: { label: 'Runs on agents', placeholder: 'local, agent-name' },
  contentType: { label: 'Content type', placeholder: 'application/json' },
  'retry.duration': { placeholder: '10s' },
  'retry.jitter': { label: 'Jitter (%)' },
};

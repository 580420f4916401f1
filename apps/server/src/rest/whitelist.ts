import type { SelectorKind } from '@opsdeck/schema/permissions';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/types.js';
import type { Action, Resource, Subject } from '../rbac/resources.js';
import { declareSecrets, isHidden, OUTPUT_SECRETS, type SecretField, secretFields } from './secrets.js';

// The /api/db whitelist: only the tables, views and functions named here are served, each behind
// an RBAC resource. A domain exposes its own in one line each inside its `expose<Domain>()`, which
// the app (src/app.ts) calls at start: `exposeTable('canaries', { resource: 'canaries', writable: true })`.
// A name that is whitelisted but missing from the database answers 404 like an unknown one. The schema cache
// (schemaCache.ts) reads columns and foreign keys from the live catalog; call refreshSchema(db)
// after creating tables at run time.

/** A JSON object as it arrives in a write body. */
export type Row = Record<string, unknown>;

/** What a `beforeWrite` hook sees: POST rows, or the PATCH patch (DELETE has neither). */
export interface BeforeWriteInput {
  method: 'POST' | 'PATCH' | 'DELETE';
  rows?: Row[];
  patch?: Row;
  subject: Subject;
}

/** A `beforeWrite` hook's replacement rows or patch; undefined keeps the input. */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook that only validates returns nothing
export type BeforeWriteResult = { rows?: Row[]; patch?: Row } | undefined | void;

/** What an `afterWrite` hook sees: the rows as written (or deleted), inside the write's transaction. */
export interface AfterWriteInput {
  method: 'POST' | 'PATCH' | 'DELETE';
  rows: Row[];
  /** The rows a PATCH changed as they were before it (only for entries with `readsPriorRows`). */
  before?: Row[];
  subject: Subject;
  trx: Transaction<Database>;
}

/** A table or view served under /api/db/<name>. */
export interface ExposedTable {
  /** RBAC resource checked for reads (and for writes unless `writeResource` is set). */
  resource: Resource;
  /** RBAC resource checked for POST/PATCH/DELETE when it differs from the read one. */
  writeResource?: Resource;
  /** Whether POST/PATCH/DELETE are allowed at all (views and system tables are read-only). */
  writable: boolean;
  /**
   * Column values filled from the subject on POST when the body leaves them out (e.g. `created_by`);
   * a function answering undefined leaves the column to its database default.
   */
  defaults?: Record<string, (subject: Subject, ctx: AppContext) => unknown>;
  /**
   * Validates or derives before the write: may return replaced rows/patch, or throw an
   * 'invalid' DomainError (e.g. the health domain validates a canary spec).
   */
  beforeWrite?(ctx: AppContext, input: BeforeWriteInput): Promise<BeforeWriteResult>;
  /** Runs in the write's transaction after it (e.g. derive `checks` rows after a canary is saved). */
  afterWrite?(ctx: AppContext, input: AfterWriteInput): Promise<void>;
  /**
   * Secret fields (docs/secrets.md): columns and JSON paths read masked, never filtered or
   * ordered on, kept when written back masked. `hidden` columns are never read at all (sealed
   * secrets): `select=*` leaves them out and naming one answers 400 like an unknown column.
   */
  secrets?: Record<string, SecretField>;
  /**
   * Columns the server assigns on this table besides `created_by`, `created_at`, `updated_at` and
   * `updated_by` (which are read-only on every table): a write naming one answers 400.
   */
  readOnlyColumns?: string[];
  /** Longest text a client may write per column, where the defaults of rest/clientColumns.ts do not fit. */
  textLimits?: Record<string, number>;
  /**
   * Rows belong to their author (`created_by`): only the author or an admin changes or deletes
   * them; `sharedColumns` (workflow state such as a done flag) may be changed by any writer.
   */
  authorOnly?: { noun: string; sharedColumns?: string[] };
  /**
   * An object-level decision of its own (rbac/): the condition over the relation's alias of the
   * rows `subject` may reach, for reads and writes alike; undefined: every row.
   */
  rowAccess?: (subject: Subject) => ((alias: string) => RawBuilder<unknown>) | undefined;
  /** Fetch the rows a PATCH is about to change (locked) and hand them to afterWrite as `before`. */
  readsPriorRows?: boolean;
  /**
   * Rows are (or are about) objects permission rows may select (rbac/selectorSql.ts): `column`
   * holds the object's id. A subject whose access to `resource` selectors narrow reads and
   * writes only the rows of the objects they reach; a table without this refuses such a subject.
   */
  objects?:
    | { kind: SelectorKind; column: string }
    /** An aggregate over objects (distinct types...): its rows recomputed from the objects kept. */
    | { kind: SelectorKind; source: (keep: (id: RawBuilder<unknown>) => RawBuilder<unknown>) => RawBuilder<unknown> };
}

/** A function callable as /api/db/rpc/<name>. */
export interface ExposedFunction {
  resource: Resource;
  /** The action it needs whatever the HTTP method (postgrest-js calls rpc with POST); default read. */
  action?: Action;
  /**
   * Secret OUT columns of a function returning `table(...)`; one returning a table's or view's
   * rows is masked by that relation's declaration. Scalar results are never masked: a function
   * must not return a secret as a bare value.
   */
  secrets?: Record<string, SecretField>;
  /**
   * Whether GET may call it; default: only when `action` is read. A function that changes data
   * answers GET with 405 (a link or a top-level navigation from another site must not run it).
   */
  readOnly?: boolean;
}

/** Whether GET/HEAD may call `entry` (see ExposedFunction.readOnly). */
export const functionIsReadOnly = (entry: ExposedFunction): boolean =>
  entry.readOnly ?? (entry.action ?? 'read') === 'read';

const tables = new Map<string, ExposedTable>();
const functions = new Map<string, ExposedFunction>();

/** Serves the table or view `name` under /api/db/<name>. Domains call this once per table. */
export function exposeTable(name: string, entry: ExposedTable): void {
  tables.set(name, entry);
  if (entry.secrets) declareSecrets(name, entry.secrets);
}

/** Serves the SQL function `name` under /api/db/rpc/<name>. */
export function exposeFunction(name: string, entry: ExposedFunction): void {
  functions.set(name, entry);
  if (entry.secrets) declareSecrets(name, entry.secrets);
}

/** The whitelist entry of a table or view, or undefined when it is not exposed. */
export const exposedTable = (name: string): ExposedTable | undefined => tables.get(name);
/** The columns of `relation` a client may read: all but its `hidden` secret fields. */
export function readableColumns<C>(relation: { name: string; columns: Map<string, C> }): Map<string, C> {
  const secrets = secretFields(relation.name);
  if (![...secrets.values()].includes('hidden')) return relation.columns;
  return new Map([...relation.columns].filter(([name]) => !isHidden(relation.name, name)));
}

/** The whitelist entry of a function, or undefined when it is not exposed. */
export const exposedFunction = (name: string): ExposedFunction | undefined => functions.get(name);

/** Every exposed table and view name (tests enumerate them: no relation may read a secret unmasked). */
export const exposedTableNames = (): string[] => [...tables.keys()];
/** Every exposed function name. */
export const exposedFunctionNames = (): string[] => [...functions.keys()];

/**
 * `created_by` = the signed-in person, for tables whose rows record their author; left out when
 * the subject is not a person row (an agent, the system, a token whose person is gone).
 */
export async function createdBySubject(subject: Subject, ctx: AppContext): Promise<string | undefined> {
  if (subject.kind !== 'person') return undefined;
  const { rows } = await sql`select 1 from people where id::text = ${subject.id}`.execute(ctx.db.kysely);
  return rows.length ? subject.id : undefined;
}

// The core tables of migration 001. Decisions:
// - people, teams, team_members are read as `database`, like Mission Control's database.public
//   object, so every role sees names and avatars of creators and assignees; writing them is
//   identity administration, so it needs `identities` (admins only; editors cannot).
// - properties are the feature flags: `feature_flags` for read and write.
// - agents: `agents`. Job history, the event queue and their views: `database`, read-only,
//   because only OpsDeck's own jobs write them.
// - access_tokens is NOT exposed: it holds token hashes.
const identity = { resource: 'database', writeResource: 'identities', writable: true } as const;
const readOnly = (resource: Resource): ExposedTable => ({ resource, writable: false });

// a job's details carry its errors, which may quote the URL it reached (scrapes mask them when
// stored; this covers every other writer); an event's error likewise
const jobSecrets = { details: OUTPUT_SECRETS } as const;
const eventSecrets = { error: 'url', properties: OUTPUT_SECRETS } as const;

/** Serves the core tables (teams, job history, the event queue) under /api/db; the app calls it when it starts. */
export function exposeCoreTables(): void {
  // people and team_members: identity/people/exposed.ts (they reach roles and permission rows)
  // properties (feature flags): system/properties.ts (names set by the environment are read-only)
  // agents and agents_summary: agents/admin/exposed.ts (registering one and trusting it need an admin)
  exposeTable('teams', { ...identity, defaults: { created_by: createdBySubject } });
  exposeTable('job_history', { ...readOnly('database'), secrets: jobSecrets });
  exposeTable('job_history_latest_status', { ...readOnly('database'), secrets: jobSecrets });
  exposeTable('job_histories', { ...readOnly('database'), secrets: jobSecrets });
  exposeTable('job_history_names', readOnly('database'));
  exposeTable('teams_with_status', readOnly('database'));
  exposeTable('event_queue', { ...readOnly('database'), secrets: eventSecrets });
  exposeTable('event_queue_summary', { ...readOnly('database'), secrets: { most_common_error: 'url' } });
  exposeTable('failed_events', { ...readOnly('database'), secrets: eventSecrets });
}

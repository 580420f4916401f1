import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { DomainError, mapPgError } from '../errors.js';
import { authorize } from '../rbac/authorize.js';
import type { Action, Subject } from '../rbac/resources.js';
import { ResourceValidationError } from '../resourceYaml.js';
import { exposedTable } from '../rest/whitelist.js';
import type { ApplyKind, ApplyScope } from './kind.js';
import { snapshot } from './locate.js';
import type { ApplyDocument } from './reader.js';
import { APPLY_KINDS, kindOrder } from './registry.js';

/** What happened (or, in a dry run, would happen) to one document. */
export type ApplyResult = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface AppliedDocument {
  kind: string;
  name: string;
  namespace: string;
  result: ApplyResult;
}

export interface ApplyOptions {
  config: Config;
  now: Date;
  /** The signed-in subject (HTTP); null: the CLI, with the server's own access. */
  subject: Subject | null;
  /** 'delete' removes what the documents name instead of storing them. */
  mode: 'apply' | 'delete';
  /** Work everything out, then roll it all back. */
  dryRun: boolean;
}

/** A document that cannot be applied: the message names the document (file, kind, name) and the path. */
export class ApplyError extends DomainError {}

class DryRun extends Error {
  constructor(readonly results: AppliedDocument[]) {
    super('dry run');
  }
}

const kindOf = (doc: ApplyDocument): ApplyKind => APPLY_KINDS[doc.kind] as ApplyKind;

/** The person created_by names: the subject when it is a person with a people row. */
async function authorOf(db: Db, subject: Subject | null): Promise<string | null> {
  if (subject?.kind !== 'person') return null;
  const row = await db.kysely.selectFrom('people').select('id').where('id', '=', subject.id).executeTakeFirst();
  return row?.id ?? null;
}

/** Refuses a document its writer may not store: the kind's table decides, as /api/db writes do. */
function requireAllowed(doc: ApplyDocument, subject: Subject | null, action: Action): void {
  if (!subject) return;
  const entry = exposedTable(kindOf(doc).table);
  const resource = entry ? (entry.writeResource ?? entry.resource) : undefined;
  const decision = resource ? authorize(subject, resource, action) : { allowed: false, reason: 'not writable' };
  if (!decision.allowed)
    throw new ApplyError('forbidden', `${doc.where}: ${action} on ${resource ?? doc.kind} refused: ${decision.reason}`);
}

/** Turns a problem of one document into an error naming it; errors that are ours pass through. */
function named(doc: ApplyDocument, err: unknown): unknown {
  if (err instanceof ApplyError) return err;
  if (err instanceof ResourceValidationError)
    return new ApplyError('invalid', err.issues.map((i) => `${doc.where}: ${i.path}: ${i.message}`).join('\n'));
  if (err instanceof DomainError) return new ApplyError(err.kind, `${doc.where}: ${err.message}`, { error: err.error });
  const mapped = mapPgError(err);
  if (mapped) return new ApplyError(mapped.kind, `${doc.where}: ${mapped.message}`, { error: mapped.error });
  return err;
}

/**
 * Applies (or deletes) the documents in one transaction: all of them or none. Each document is
 * authorized as a write to its kind's table and checked against OPSDECK_EXEC first. A document
 * whose row comes out exactly as it was is rolled back to its savepoint and reported unchanged,
 * so re-applying a file bumps no updated_at. A dry run reports the same and writes nothing.
 */
export async function applyDocuments(db: Db, docs: ApplyDocument[], opts: ApplyOptions): Promise<AppliedDocument[]> {
  const roles = opts.subject ? opts.subject.roles : 'operator';
  // removing runs nothing: only what is stored is held to OPSDECK_EXEC
  for (const doc of opts.mode === 'apply' ? docs : []) {
    const refusal = kindOf(doc).refusal?.(doc.resource, opts.config.sandbox.exec, roles);
    if (refusal) throw new ApplyError(opts.subject ? 'forbidden' : 'invalid', `${doc.where}: ${refusal}`);
  }
  const order = [...docs].sort((a, b) =>
    opts.mode === 'delete' ? kindOrder(b.kind) - kindOrder(a.kind) : kindOrder(a.kind) - kindOrder(b.kind),
  );
  const author = await authorOf(db, opts.subject);
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      if (author) await sql`select set_config('opsdeck.actor_id', ${author}, true)`.execute(trx);
      const scope: ApplyScope = { trx, config: opts.config, now: opts.now, subject: opts.subject, author };
      const results = new Map<ApplyDocument, AppliedDocument>();
      for (const [i, doc] of order.entries()) {
        const kind = kindOf(doc);
        const { name } = doc.resource.metadata;
        const namespace = doc.resource.metadata.namespace ?? 'default';
        try {
          results.set(doc, {
            kind: doc.kind,
            name,
            namespace,
            result: await applyOne(scope, kind, doc, opts, `apply_${i}`),
          });
        } catch (err) {
          throw named(doc, err);
        }
      }
      const out = docs.map((d) => results.get(d) as AppliedDocument);
      if (opts.dryRun) throw new DryRun(out);
      return out;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.results;
    throw err;
  }
}

async function applyOne(
  scope: ApplyScope,
  kind: ApplyKind,
  doc: ApplyDocument,
  opts: ApplyOptions,
  savepoint: string,
): Promise<ApplyResult> {
  const existing = await kind.find(scope, doc.resource);
  if (opts.mode === 'delete') {
    requireAllowed(doc, opts.subject, 'delete');
    if (!existing || !kind.remove) return 'unchanged';
    await kind.remove(scope, existing);
    return 'deleted';
  }
  requireAllowed(doc, opts.subject, existing ? 'update' : 'create');
  const before = existing ? await snapshot(scope, kind.table, existing) : undefined;
  await sql`savepoint ${sql.raw(savepoint)}`.execute(scope.trx);
  await kind.save(scope, doc.resource);
  const id = await kind.find(scope, doc.resource);
  if (id) await kind.check?.(scope, id);
  if (existing && id === existing && before === (await snapshot(scope, kind.table, id))) {
    // nothing the document says differs: undo the rewrite so timestamps and derived rows stay
    await sql`rollback to savepoint ${sql.raw(savepoint)}`.execute(scope.trx);
    return 'unchanged';
  }
  await sql`release savepoint ${sql.raw(savepoint)}`.execute(scope.trx);
  return existing ? 'updated' : 'created';
}

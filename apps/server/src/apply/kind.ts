import type { Transaction } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/types.js';
import type { Subject } from '../rbac/resources.js';
import type { ExecMode } from '../sandbox/config.js';

/** A resource as `apply` handles it: every kind has metadata. */
export interface Applicable {
  metadata: { name: string; namespace?: string };
}

/** Where a row applied from YAML says it came from (the `source` columns). */
export const APPLIED_SOURCE = 'ConfigFile';

/** What a kind's save and remove see: the apply's transaction and who applies. */
export interface ApplyScope {
  trx: Transaction<Database>;
  config: Config;
  now: Date;
  /** The signed-in subject over HTTP; null for the CLI, which has the server's own access. */
  subject: Subject | null;
  /** The person recorded as created_by, when the subject is one. */
  author: string | null;
}

/**
 * One kind `apply` accepts: how a document is validated, why this server would refuse it (exec
 * turned off, a field OpsDeck cannot act on), which table holds it (its /api/db whitelist entry
 * decides who may write it) and how it is found, stored and removed. Saves upsert by name and
 * namespace and mark the row with APPLIED_SOURCE.
 */
export interface ApplyKind<R extends Applicable = Applicable> {
  validate(doc: unknown): R;
  /** A refusal for this server or caller; `roles` is 'operator' for the CLI. */
  refusal?(resource: R, exec: ExecMode, roles: Subject['roles'] | 'operator'): string | undefined;
  /** The table of the kind's rows: its whitelist entry's write resource authorizes applying it. */
  table: string;
  /** The id of the live row the document names, if any. */
  find(scope: ApplyScope, resource: R): Promise<string | undefined>;
  /** Creates or updates the row (and whatever derives from it) inside the transaction. */
  save(scope: ApplyScope, resource: R): Promise<void>;
  /** Removes the row with this id (a soft delete where the table keeps history). */
  remove?(scope: ApplyScope, id: string): Promise<void>;
  /** Runs after the write inside the transaction, e.g. the grant checks of the whitelist hooks. */
  check?(scope: ApplyScope, id: string): Promise<void>;
}

/** Types a kind for the registry. */
export const defineKind = <R extends Applicable>(k: ApplyKind<R>): ApplyKind => k as unknown as ApplyKind;

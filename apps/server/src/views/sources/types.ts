import type { ViewColumnType, ViewQuery } from '@opsdeck/schema';
import type { Db } from '../../db/connection.js';
import type { ResolvedConnection } from '../../integrations/connection.js';

/** What a view query source is given: the database, connections and the refresh's deadline. */
export interface SourceContext {
  db: Db;
  signal: AbortSignal;
  timeoutMs: number;
  now: Date;
  /** Resolves `connection://namespace/name` (or a bare name) in the view's namespace. */
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** Resolves a credential (`value`, or `valueFrom` a stored connection's field). */
  resolveEnv(source: unknown): Promise<string | undefined>;
  /** The stored rows of the other views a viewTableSelector names (refreshed when stale). */
  viewTables(selector: {
    name?: string;
    namespace?: string;
    labelSelector?: string;
  }): Promise<Array<Record<string, unknown>>>;
}

/** One query source (`configs`, `sql`, `prometheus`...): runs its part of a query into rows. */
export interface ViewSource<K extends keyof ViewQuery> {
  key: K;
  /** The columns its rows always have (absent from a row when null), so a merge over no rows still finds them. */
  columns?: Record<string, ViewColumnType>;
  run(spec: NonNullable<ViewQuery[K]>, ctx: SourceContext): Promise<Array<Record<string, unknown>>>;
}

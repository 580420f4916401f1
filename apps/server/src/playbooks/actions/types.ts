import type { ResourceSelector } from '@opsdeck/schema';
import type { z } from 'zod';
import type { ResolvedConnection } from '../../integrations/connection.js';
import type { SandboxPolicy } from '../../sandbox/config.js';

/**
 * The contract of every action in `playbooks/actions/<type>.ts`: the engine renders the action's
 * templates, enforces timeout, retry, delay and `if`, and stores what `run` answers.
 */

/** A file an action left behind, kept as an artifact of the action. */
export interface ActionArtifact {
  path: string;
  content: Buffer;
  contentType: string;
}

export interface ActionContext {
  /** Aborted at the action's timeout, when the run is cancelled or times out, and on shutdown. */
  signal: AbortSignal;
  timeoutMs: number;
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  /** Resolves `{value}` / `{valueFrom}` (or a plain string) to a string. */
  resolveEnv(source: unknown): Promise<string | undefined>;
  sandbox: SandboxPolicy;
  /** Opens values sealed at rest (secret parameters). */
  openSecret(sealed: string): string;
  /** Largest artifact kept, in bytes. */
  maxArtifactBytes: number;
  /** Config items matching catalog selectors, as far as the run's user may read the catalog. */
  searchConfigs(selectors: ResourceSelector[], limit: number): Promise<Array<Record<string, unknown>>>;
  /** Sends through the notification channels (notifications/deliver.ts). */
  notify(
    target: { url?: string; connection?: string; properties?: Record<string, string> },
    title: string,
    body: string,
    signal: AbortSignal,
  ): Promise<void>;
}

/** What an action did: its result keys are shown as tabs on the run page (stdout, stderr, response, rows...). */
export interface ActionOutcome {
  /** false: the action failed (a non-zero exit, an HTTP error, a SQL error). */
  ok: boolean;
  result: Record<string, unknown>;
  error?: string;
  artifacts?: ActionArtifact[];
}

export interface ActionType<Spec = unknown> {
  type: string;
  schema: z.ZodType<Spec>;
  /**
   * Renders the action's templates with the run's env, when the type needs more than every
   * string rendered as is (exec quotes values printed into its script); before `schema` parses it.
   */
  render?(raw: unknown, env: Record<string, unknown>): unknown;
  run(spec: Spec, ctx: ActionContext): Promise<ActionOutcome>;
}

/** A failed outcome from an error. */
export function failed(err: unknown, result: Record<string, unknown> = {}): ActionOutcome {
  const error = err instanceof Error ? err.message || err.name : String(err);
  return { ok: false, result, error };
}

import type { Clock } from '../clock.js';
import { type ConnectionResolver, resolveEnvSource } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import type { SandboxPolicy } from '../sandbox/config.js';
import type { ExecuteContext } from './execute.js';
import { type LastResults, usesLastResult } from './lastResult.js';
import { lastPush } from './push/store.js';
import type { RunnableCanary, RunnableCheck } from './runner.js';

/** What every check of one canary in one namespace shares in its execute context. */
type SharedContext = Omit<ExecuteContext, 'checkId' | 'lastResult' | 'lastPush' | 'outputs'>;

/**
 * The execute context of each check a runner runs. What a canary's checks share (the clock,
 * signal, canary, retries, connection and secret resolution of their namespace) is made once
 * per canary and namespace; a check gets a closure of its own only for what it uses
 * (`last_result()`, a webhook's pushes). A context is kept per check for as long as its canary
 * object lives, so closures per check were a kilobyte of each check's memory.
 */
export class CheckContexts {
  private readonly shared = new WeakMap<RunnableCanary, Map<string, SharedContext>>();
  private readonly now: () => Date;

  constructor(
    private readonly opts: {
      clock: Clock;
      signal?: AbortSignal | undefined;
      sandbox?: SandboxPolicy | undefined;
      resolver?: ConnectionResolver | undefined;
      db?: Db | undefined;
      lastResults: LastResults;
    },
  ) {
    this.now = () => opts.clock.now();
  }

  /** A new context for `check` of `canary` (the runner keeps it with the check). */
  contextOf(canary: RunnableCanary, check: RunnableCheck): ExecuteContext {
    const namespace = typeof check.spec.namespace === 'string' ? check.spec.namespace : canary.namespace;
    const s = this.sharedOf(canary, namespace);
    const { db, lastResults } = this.opts;
    // one literal of fixed fields: every context has the same hidden class (a spread gave each its own)
    return {
      now: s.now,
      signal: s.signal,
      canary: s.canary,
      retries: s.retries,
      sandbox: s.sandbox,
      resolveConnection: s.resolveConnection,
      resolveEnv: s.resolveEnv,
      checkId: check.id,
      lastResult: usesLastResult(check.spec) ? () => lastResults.get(check.id) : undefined,
      lastPush: check.type === 'webhook' && db ? () => lastPush(db.kysely, check.id) : undefined,
    };
  }

  private sharedOf(canary: RunnableCanary, namespace: string): SharedContext {
    let byNamespace = this.shared.get(canary);
    if (!byNamespace) {
      byNamespace = new Map();
      this.shared.set(canary, byNamespace);
    }
    let shared = byNamespace.get(namespace);
    if (!shared) {
      shared = {
        now: this.now,
        signal: this.opts.signal,
        canary: { id: canary.id, name: canary.name, namespace: canary.namespace, labels: canary.labels },
        retries: canary.retries,
        sandbox: this.opts.sandbox,
        ...resolversOf(this.opts.resolver, namespace),
      };
      byNamespace.set(namespace, shared);
    }
    return shared;
  }
}

/** Connection and secret resolution in `namespace`, or the refusals of a server without a database. */
function resolversOf(
  resolver: ConnectionResolver | undefined,
  namespace: string,
): Pick<ExecuteContext, 'resolveConnection' | 'resolveEnv'> {
  if (!resolver)
    return {
      resolveConnection: async (ref) => {
        throw new Error(`connection ${ref} cannot be resolved without a database (set DATABASE_URL)`);
      },
      resolveEnv: async (source) => {
        const s = source as { value?: string; valueFrom?: unknown } | undefined;
        if (s?.valueFrom) throw new Error('secretKeyRef/configMapKeyRef need a database with connections');
        return typeof source === 'string' ? source : s?.value;
      },
    };
  return {
    resolveConnection: async (ref) => resolver.resolve(ref, namespace),
    resolveEnv: async (source) => resolveEnvSource(resolver, source, namespace),
  };
}

import { searchResources } from '../catalog/query/search.js';
import { connectionResolver } from '../connections/resolver.js';
import { connectionSecretBox } from '../connections/secrets.js';
import { resolveEnvSource } from '../connections/store.js';
import type { AppContext } from '../context.js';
import { notificationOptionsFromConfig } from '../notifications/config.js';
import { deliver } from '../notifications/deliver.js';
import { sandboxPolicy } from '../sandbox/config.js';
import type { ActionContext } from './actions/types.js';

/** Largest artifact kept by default (OPSDECK_ARTIFACT_MAX_BYTES overrides): 10 MiB. */
export const DEFAULT_MAX_ARTIFACT_BYTES = 10 * 1024 * 1024;

/** What actions get from the server: connections, env sources, the sandbox, artifact limit and channels. */
export function actionContextFor(ctx: AppContext): Omit<ActionContext, 'signal' | 'timeoutMs'> {
  const resolver = connectionResolver(ctx);
  const notifications = notificationOptionsFromConfig(ctx.db, ctx.config);
  const max = Number(process.env.OPSDECK_ARTIFACT_MAX_BYTES);
  return {
    resolveConnection: (ref) => resolver.resolve(ref),
    resolveEnv: (source) => resolveEnvSource(resolver, source, 'default'),
    sandbox: sandboxPolicy(ctx.config),
    openSecret: (sealed) => connectionSecretBox(ctx.config).open(sealed),
    maxArtifactBytes: Number.isFinite(max) && max > 0 ? max : DEFAULT_MAX_ARTIFACT_BYTES,
    // unrestricted here; a run's context (runSecrets) narrows it to what the run's user may read
    searchConfigs: (selectors, limit) => searchResources(ctx.db, 'configs', selectors, limit),
    async notify(target, title, body, signal) {
      await deliver(
        ctx.db.kysely,
        notifications,
        { kind: 'custom', index: 0, fallback: false },
        [
          {
            ...(target.url ? { url: target.url } : {}),
            ...(target.connection ? { connection: target.connection } : {}),
            properties: target.properties ?? {},
          },
        ],
        { title, body, properties: {}, event: 'playbook.action', env: {} },
        { signal, timeoutMs: 30_000 },
      );
    },
  };
}

import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { agentRoutes, exposeAgents, upstreamRoutes } from './agents/index.js';
import { exposeApplications } from './applications/exposed.js';
import { applicationRoutes } from './applications/routes.js';
import { exposeApply } from './apply/exposed.js';
import { applyRoutes } from './apply/routes.js';
import { artifactRoutes } from './artifacts/routes.js';
import type { Authenticator } from './auth.js';
import { exposeCatalog } from './catalog/exposed.js';
import { catalogRoutes } from './catalog/routes/index.js';
import { runNowRoutes } from './catalog/routes/runNow.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { exposeConnections } from './connections/rest.js';
import { connectionRoutes } from './connections/routes.js';
import type { AppContext } from './context.js';
import type { Db } from './db/connection.js';
import { eventRoutes } from './events/routes.js';
import { exposeHealth, healthRoutes, healthSummaryRoutes } from './health/index.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandler, statusOf } from './http/errorHandler.js';
import { registerEventLoopDelay } from './http/eventLoopDelay.js';
import { createMetrics, registerHttpMetrics } from './http/metrics.js';
import { registerNulGuard } from './http/nul.js';
import { registerOriginCheck } from './http/origin.js';
import { requestLogSerializers } from './http/requestLog.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { registerSpa } from './http/spa.js';
import {
  authRoutes,
  courierRoutes,
  directConnectOrigins,
  exposePeople,
  identityAuthenticators,
  identityRoutes,
  organizationRoutes,
  peopleRoutes,
  readCookie,
  registerOrganizationCors,
  SESSION_COOKIE,
} from './identity/index.js';
import { importRoutes } from './importers/routes.js';
import { exposeIncidents } from './incidents/exposed.js';
import { liveRoutes } from './live/routes.js';
import { ownLogStream } from './logs/ownLog.js';
import { logRoutes } from './logs/routes.js';
import { exposeMaintenance } from './maintenance/exposed.js';
import { exposeNotifications } from './notifications/exposed.js';
import { notificationRoutes } from './notifications/routes.js';
import { exposeObjectives } from './objectives/exposed.js';
import { objectiveRoutes } from './objectives/routes.js';
import { exposePlaybooks } from './playbooks/exposed.js';
import { playbookRoutes } from './playbooks/routes.js';
import { restRoutes } from './rest/routes.js';
import { exposeCoreTables } from './rest/whitelist.js';
import { exposeStatusPages } from './statusPages/exposed.js';
import { statusPageRoutes } from './statusPages/routes.js';
import { exposeIntegrations } from './system/integrations.js';
import { exposeProperties, propertyRoutes } from './system/properties.js';
import { systemRoutes } from './system/routes.js';
import { exposeTopology } from './topology/exposed.js';
import { topologyRoutes } from './topology/routes.js';
import { exposeViews } from './views/exposed.js';
import { viewRoutes } from './views/routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Tried in order to find the subject of each request. */
  authenticators?: Authenticator[];
  clock?: Clock;
  /** pino logger options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * What each domain serves under /api/db (tables, views, functions), one call each: a name none
 * declares answers 404. Declaring also registers the secret fields every read path masks, so it
 * runs before any route is mounted.
 */
const API_DB = [
  exposeCoreTables,
  exposeProperties,
  exposePeople,
  exposeAgents,
  exposeConnections,
  exposeHealth,
  exposeCatalog,
  exposeTopology,
  exposeIncidents,
  exposeNotifications,
  exposePlaybooks,
  exposeApplications,
  exposeViews,
  exposeStatusPages,
  exposeMaintenance,
  exposeObjectives,
  exposeApply,
  exposeIntegrations,
];

/** Builds the OpsDeck HTTP app: API, metrics, probes and the web app, on one Fastify instance. */
export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db } = opts;
  for (const expose of API_DB) expose();
  // besides stdout, OpsDeck's own log file (the demo log backend reads it)
  const ownLog =
    opts.logger !== false && config.logFile && config.logLevel !== 'silent'
      ? ownLogStream(config.logFile, config.logLevel)
      : undefined;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-opsdeck-test-subject"]'],
            // no query strings, credential path parameters or headers in the log (requestLog.ts)
            serializers: requestLogSerializers,
            ...(ownLog ? { stream: ownLog.stream } : {}),
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    bodyLimit: config.bodyLimit,
    // honour an upstream proxy's request id when it is sane, otherwise mint one
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // X-Forwarded-* (client address, https) only from proxies OPSDECK_TRUST_PROXY names
    trustProxy: config.http.trustProxy,
  });
  // Before the routes (it hooks each route as it is added). JSON and the web app's text assets go
  // out compressed at the plugin's defaults (gzip level 6, brotli quality 4): the web app's JS and
  // CSS 1.46 MB -> 0.46 MB, 10-17 ms for the largest bundle on a first load. The health summary,
  // ~6 MB per refresh, sets faster levels on its route. Request bodies are left as sent.
  await app.register(fastifyCompress, { globalDecompression: false });
  await registerSecurityHeaders(app, directConnectOrigins(config.identity.directUi));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (ownLog) app.addHook('onClose', async () => ownLog.close());
  const metrics = createMetrics();
  const ctx: AppContext = { db, config, metrics, clock: opts.clock ?? systemClock };

  registerErrorHandler(app);
  registerNulGuard(app);
  registerOrganizationCors(app, config.identity.organization);
  registerOriginCheck(app, config, (request) => readCookie(request, SESSION_COOKIE) !== undefined);
  registerHttpMetrics(app, metrics);
  registerEventLoopDelay(app, metrics);
  const authenticators = opts.authenticators ?? identityAuthenticators(ctx);
  registerAuth(app, authenticators);

  await app.register(async (scope) => systemRoutes(scope, ctx));
  await app.register(async (scope) => propertyRoutes(scope, ctx));
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => agentRoutes(scope, ctx));
  await app.register(async (scope) => peopleRoutes(scope, ctx));
  await app.register(async (scope) => courierRoutes(scope, ctx));
  await app.register(async (scope) => identityRoutes(scope, ctx, statusOf), { prefix: '/api/.ory' });
  await app.register(async (scope) => restRoutes(scope, ctx), { prefix: '/api/db' });
  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => healthSummaryRoutes(scope, ctx));
  await app.register(async (scope) => statusPageRoutes(scope, ctx));
  await app.register(async (scope) => connectionRoutes(scope, ctx));
  await app.register(async (scope) => applyRoutes(scope, ctx));
  await app.register(async (scope) => eventRoutes(scope, ctx));
  await app.register(async (scope) => liveRoutes(scope, ctx, authenticators));
  await app.register(async (scope) => notificationRoutes(scope, ctx));
  await app.register(async (scope) => catalogRoutes(scope, ctx));
  await app.register(async (scope) => runNowRoutes(scope, ctx));
  await app.register(async (scope) => playbookRoutes(scope, ctx));
  await app.register(async (scope) => topologyRoutes(scope, ctx));
  await app.register(async (scope) => artifactRoutes(scope, ctx));
  await app.register(async (scope) => applicationRoutes(scope, ctx));
  await app.register(async (scope) => objectiveRoutes(scope, ctx));
  await app.register(async (scope) => importRoutes(scope, ctx));
  await app.register(async (scope) => viewRoutes(scope, ctx));
  await app.register(async (scope) => logRoutes(scope, ctx));
  await app.register(async (scope) => upstreamRoutes(scope, ctx));
  await app.register(async (scope) => organizationRoutes(scope, ctx));
  await registerSpa(app, config.webDir);
  return { app, ctx };
}

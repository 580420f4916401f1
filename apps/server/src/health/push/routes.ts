import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { checkForPushToken, recordPush } from './store.js';

const TOKEN = /^[A-Za-z0-9_-]{10,128}$/;
const MAX_MESSAGE = 1000;

type Fields = Record<string, unknown>;

function field(query: Fields, body: Fields, name: string): string | undefined {
  const v = body[name] ?? query[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(`${name}: must be text`);
  return String(v);
}

/**
 * `GET|POST /api/push/<token>?status=up|down&msg=...&ping=...`: a webhook check's heartbeat, in
 * Uptime Kuma's push protocol so pushers migrated from Kuma keep working (GET included, as their
 * cron jobs call it). The token in the path is the only credential; no cookie is read, so the
 * GET is not a cross-site write.
 */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/push/:token',
    config: { auth: 'public' },
    handler: async (request) => {
      const { token } = request.params as { token: string };
      const query = (request.query ?? {}) as Fields;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Fields;
      const status = (field(query, body, 'status') ?? 'up').toLowerCase();
      if (status !== 'up' && status !== 'down') throw badRequest('status: must be up or down');
      const ping = field(query, body, 'ping');
      const pingMs = ping === undefined ? null : Number(ping);
      if (pingMs !== null && (!Number.isFinite(pingMs) || pingMs < 0)) throw badRequest('ping: must be milliseconds');
      const message = field(query, body, 'msg')?.slice(0, MAX_MESSAGE) ?? null;
      const checkId = TOKEN.test(token) ? await checkForPushToken(ctx.db.kysely, token) : undefined;
      if (!checkId) throw notFound('no webhook check has this push token');
      await recordPush(ctx.db.kysely, checkId, { receivedAt: ctx.clock.now(), up: status === 'up', message, pingMs });
      return { ok: true };
    },
  });
}

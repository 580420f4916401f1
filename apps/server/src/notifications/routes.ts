import type { FastifyInstance } from 'fastify';
import YAML from 'yaml';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { ALIAS_BOMB_MESSAGE, isAliasBomb, MAX_ALIAS_COUNT } from '../yamlAliases.js';
import { getSend, historyQuerySchema, searchHistory } from './history.js';
import { applyRule, deleteRule, getRule, listRules, setRulePaused } from './rules.js';
import { createSilence, deleteSilence, listSilences, silenceInputSchema } from './silences.js';
import { authorOf } from './store.js';

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const read = { auth: { resource: 'notifications' as const, action: 'read' as const } };
const write = (action: 'create' | 'update' | 'delete') => ({ auth: { resource: 'notifications' as const, action } });

/** Notification rules, silences and send history under /api/notification. */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  // rules may be posted as the YAML of a Notification resource
  app.addContentTypeParser(
    ['application/yaml', 'application/x-yaml', 'text/yaml'],
    { parseAs: 'string' },
    (_req, body, done) => {
      try {
        done(null, YAML.parse(body as string, { maxAliasCount: MAX_ALIAS_COUNT }));
      } catch (err) {
        const message = isAliasBomb(err) ? ALIAS_BOMB_MESSAGE : (err as Error).message;
        done(badRequest(`invalid YAML: ${message}`), undefined);
      }
    },
  );

  app.get('/api/notification/rules', { config: read }, () => listRules(db));
  app.get('/api/notification/rules/:id', { config: read, schema: { params: idParams } }, (req) =>
    getRule(db, (req.params as z.infer<typeof idParams>).id),
  );
  app.post('/api/notification/rules', { config: write('create') }, async (req, reply) => {
    const id = await applyRule(db, req.body, await authorOf(db, req.subject));
    return reply.code(201).send(await getRule(db, id));
  });
  app.post(
    '/api/notification/rules/:id/pause',
    { config: write('update'), schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as z.infer<typeof idParams>;
      await setRulePaused(db, id, true, req.subject?.name ?? req.subject?.id ?? 'unknown', ctx.clock.now());
      return getRule(db, id);
    },
  );
  app.post(
    '/api/notification/rules/:id/resume',
    { config: write('update'), schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as z.infer<typeof idParams>;
      await setRulePaused(db, id, false, '', ctx.clock.now());
      return getRule(db, id);
    },
  );
  app.delete(
    '/api/notification/rules/:id',
    { config: write('delete'), schema: { params: idParams } },
    async (req, reply) => {
      await deleteRule(db, (req.params as z.infer<typeof idParams>).id, ctx.clock.now());
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/notification/silence',
    { config: write('create'), schema: { body: silenceInputSchema } },
    async (req, reply) => {
      const who = await authorOf(db, req.subject);
      const id = await createSilence(db, req.body as z.infer<typeof silenceInputSchema>, who, ctx.clock.now());
      return reply.code(200).send({ id });
    },
  );
  app.get(
    '/api/notification/silences',
    { config: read, schema: { querystring: z.object({ include_deleted: z.enum(['true', 'false']).optional() }) } },
    (req) => listSilences(db, (req.query as { include_deleted?: string }).include_deleted === 'true'),
  );
  app.delete(
    '/api/notification/silence/:id',
    { config: write('delete'), schema: { params: idParams } },
    async (req, reply) => {
      await deleteSilence(db, (req.params as z.infer<typeof idParams>).id, ctx.clock.now());
      return reply.code(204).send();
    },
  );

  app.post('/api/notification/summary', { config: read, schema: { body: historyQuerySchema.optional() } }, (req) =>
    searchHistory(db, historyQuerySchema.parse(req.body ?? {}), ctx.clock.now()),
  );
  app.get('/api/notification/send_history/:id', { config: read, schema: { params: idParams } }, (req) =>
    getSend(db, (req.params as z.infer<typeof idParams>).id),
  );
}

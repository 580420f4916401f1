import zlib from 'node:zlib';
import type { CheckHealthFilter } from '@opsdeck/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { checkSummariesJson } from './summary.js';
import { DEFAULT_SUMMARY_RANGE, SUMMARY_RANGES } from './summaryRange.js';

const RANGE_NAMES = Object.keys(SUMMARY_RANGES);
// a check that has not run yet has no status: `unknown` asks for those
const HEALTH_FILTERS = ['healthy', 'unhealthy', 'unknown'] as const satisfies readonly CheckHealthFilter[];

// 10,000 checks are 5.7 MB of JSON: brotli quality 1 makes it 0.31 MB in ~5 ms and gzip level 1
// 0.38 MB in ~10 ms, where the default levels cost 3-5x that CPU on every refresh for 5-10% less.
const SUMMARY_COMPRESSION = {
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};

const summaryQuery = z.object({
  timeRange: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v in SUMMARY_RANGES, {
      error: `timeRange must be one of ${RANGE_NAMES.join(', ')}`,
    }),
  checkId: z.uuid({ error: 'checkId: expected a check id (uuid)' }).optional(),
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const values = v.split(',').map((s) => s.trim());
      const wrong = values.filter((s) => !(HEALTH_FILTERS as readonly string[]).includes(s));
      if (wrong.length) {
        ctx.addIssue({
          code: 'custom',
          message: `status must be a comma-separated list of ${HEALTH_FILTERS.join(', ')}; got ${wrong.join(', ')}`,
        });
        return z.NEVER;
      }
      return new Set(values as CheckHealthFilter[]);
    }),
});

/**
 * GET /api/canary/api/summary: every check with uptime and latency over `timeRange` (default 1h),
 * or only those of the health values in `status` (the page's Hide Passing asks for the failing
 * ones alone), with how many live checks there are in all.
 */
export async function healthSummaryRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/canary/api/summary',
    {
      config: { auth: { resource: 'canaries', action: 'read' } },
      schema: { querystring: summaryQuery },
      compress: SUMMARY_COMPRESSION,
    },
    async (request, reply) => {
      const started = performance.now();
      const range = SUMMARY_RANGES[request.query.timeRange || DEFAULT_SUMMARY_RANGE] as number;
      const to = ctx.clock.now();
      const from = new Date(to.getTime() - range);
      const { checkId, status } = request.query;
      const { body, total } = await checkSummariesJson(ctx.db, from, to, { checkId, status });
      const duration = Math.round(performance.now() - started);
      body.prepend(`{"duration":${duration},"runnerName":"local","checks_summary":`);
      body.text(`,"total":${total}}`);
      // the response's close comes after its last byte was handed to the socket (or it was aborted)
      reply.raw.once('close', () => body.release());
      // already JSON: a Buffer is sent as it is, not serialized again
      return reply.type('application/json; charset=utf-8').send(body.done());
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';

/** The PostgREST-compatible resource layer under /api/db (ARCHITECTURE section 4). */
export async function restRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

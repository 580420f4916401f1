import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Clock, systemClock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/connection.js';
import { identityAuthenticators } from '../../src/identity/authenticators.js';
import type { Role, Subject } from '../../src/rbac/resources.js';
import { testSubjectAuthenticator, testSubjectHeader } from './auth.js';
import { createTestDb } from './db.js';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  /** fetch against the server as `who` (default admin); `who: null` sends no subject. */
  fetch(path: string, init?: RequestInit & { as?: Role | Partial<Subject> | null }): Promise<Response>;
  /** Headers that make a request come from `who`. */
  headers(who?: Role | Partial<Subject>): Record<string, string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Use this database instead of a fresh one (not closed by the server). */
  db?: Db;
  /** Listen on this port (default: a random one), e.g. to restart a server where clients expect it. */
  port?: number;
  /** Log as the real server does (to stdout and `config.logFile`); default: no logger. */
  logger?: boolean;
}

/** Boots the real server on a fresh database, listening on a random loopback port. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const db = opts.db ?? (await createTestDb());
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    webDir: undefined,
    port: 0,
    host: '127.0.0.1',
    ...opts.config,
  };
  const { app, ctx } = await buildApp({
    config,
    db,
    logger: opts.logger ?? false,
    clock: opts.clock ?? systemClock,
    // the test header first, then the real session cookie and access token authenticators
    authenticators: [
      testSubjectAuthenticator,
      ...identityAuthenticators({ db, config, clock: opts.clock ?? systemClock }),
    ],
  });
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    ctx,
    db,
    url,
    headers: (who = 'admin') => testSubjectHeader(who),
    fetch(path, init = {}) {
      const { as = 'admin', headers, ...rest } = init;
      const h = new Headers(headers);
      if (as !== null) for (const [k, v] of Object.entries(testSubjectHeader(as))) h.set(k, v);
      return fetch(`${url}${path}`, { ...rest, headers: h });
    },
    async close() {
      await app.close();
      if (!opts.db) await db.close();
    },
  };
}

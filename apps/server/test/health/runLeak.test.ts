import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSpareControllers } from '../../src/abort.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { checkTypes } from '../../src/health/checks/registry.js';
import type { CheckContext, CheckType } from '../../src/health/checks/types.js';
import { ResultWriter } from '../../src/health/results.js';
import { CanaryRunner, type RunnableCanary } from '../../src/health/runner.js';
import { createTestDb } from '../helpers/index.js';

/**
 * A server runs checks for months under one long-lived shutdown signal: nothing a run makes may
 * stay reachable once the run ends. Each run's own signal (and through it its controller, timer,
 * listeners and promises) is tracked with a FinalizationRegistry and must be collected.
 */

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let db: Db;
let httpServer: http.Server;
let tcpServer: net.Server;
const collected = { count: 0 };
const registry = new FinalizationRegistry<null>(() => {
  collected.count++;
});
const originals = { http: checkTypes.http, tcp: checkTypes.tcp };

/** Wraps a real runner so each run's signal is registered before the runner sees it. */
function tracked(type: CheckType<never>): CheckType<never> {
  return {
    ...type,
    run: (spec: never, ctx: CheckContext) => {
      registry.register(ctx.signal, null);
      return type.run(spec, ctx);
    },
  };
}

async function collect(expected: number): Promise<number> {
  for (let i = 0; i < 50 && collected.count < expected; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  return collected.count;
}

beforeAll(async () => {
  db = await createTestDb();
  httpServer = http.createServer((_req, res) => res.end('ok'));
  httpServer.keepAliveTimeout = 1;
  tcpServer = net.createServer((s) => s.end());
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => tcpServer.listen(0, '127.0.0.1', r));
  checkTypes.http = tracked(originals.http as CheckType<never>);
  checkTypes.tcp = tracked(originals.tcp as CheckType<never>);
});

afterAll(async () => {
  checkTypes.http = originals.http as CheckType<never>;
  checkTypes.tcp = originals.tcp as CheckType<never>;
  httpServer.closeAllConnections();
  await new Promise((r) => httpServer.close(r));
  await new Promise((r) => tcpServer.close(r));
  await db?.close();
});

describe('check runs under a long-lived signal', () => {
  it('leave nothing reachable once they end', async () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
    const httpPort = (httpServer.address() as AddressInfo).port;
    const tcpPort = (tcpServer.address() as AddressInfo).port;
    const canary = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'leak-probe', namespace: 'default' },
      spec: {
        schedule: '@every 1m',
        http: [{ name: 'web', url: `http://127.0.0.1:${httpPort}/` }],
        tcp: [{ name: 'port', endpoint: `127.0.0.1:${tcpPort}` }],
      },
    });
    const saved = await db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
    const runnable: RunnableCanary = {
      id: saved.id,
      name: 'leak-probe',
      namespace: 'default',
      labels: {},
      checks: [
        {
          id: saved.checks['http/web'] as string,
          type: 'http',
          name: 'web',
          spec: { name: 'web', url: `http://127.0.0.1:${httpPort}/` },
        },
        {
          id: saved.checks['tcp/port'] as string,
          type: 'tcp',
          name: 'port',
          spec: { name: 'port', endpoint: `127.0.0.1:${tcpPort}` },
        },
      ],
    };
    const shutdown = new AbortController();
    const writer = new ResultWriter(db);
    const runner = new CanaryRunner({ clock, db, writer, signal: shutdown.signal });

    const runs = 1000;
    for (let i = 0; i < runs; i++) {
      const results = await runner.runCanary(runnable);
      if (i === 0) expect(results.map((r) => r.result.pass)).toEqual([true, true]);
      if (i % 100 === 99) await writer.flush();
    }
    await writer.stop();

    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    // every run's signal is collected once the scopes' spare controllers are let go (allow a
    // handful still in flight in the GC's view); a reused signal counts once per run it served
    dropSpareControllers();
    const executions = runs * runnable.checks.length;
    expect(await collect(executions)).toBeGreaterThanOrEqual(executions - 10);
    shutdown.abort();
  }, 120_000);
});

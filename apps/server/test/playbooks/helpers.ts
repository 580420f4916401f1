import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaybookResource } from '@opsdeck/schema';
import { actionContextFor } from '../../src/playbooks/context.js';
import { savePlaybook } from '../../src/playbooks/store.js';
import { PlaybookWorker } from '../../src/playbooks/worker.js';
import { validatePlaybook } from '../../src/playbooks/yaml.js';
import type { Role } from '../../src/rbac/resources.js';
import { type TestServer, testSubjectId } from '../helpers/index.js';

/** A validated Playbook named `name` with `spec`. */
export function buildPlaybook(spec: Record<string, unknown>, name = 'test-playbook'): PlaybookResource {
  return validatePlaybook({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Playbook',
    metadata: { name },
    spec,
  });
}

/** Stores a playbook and answers its id. */
export async function seedPlaybook(
  server: TestServer,
  spec: Record<string, unknown>,
  name = 'test-playbook',
): Promise<string> {
  return (
    await savePlaybook(server.db.kysely, buildPlaybook(spec, name), {
      source: 'ConfigFile',
      now: server.ctx.clock.now(),
    })
  ).id;
}

/** A people row for the test subject of `role` (approvers are matched by email). */
export async function seedPerson(server: TestServer, role: Role, email = `${role}@example.com`): Promise<string> {
  const id = testSubjectId(role);
  await server.db.kysely
    .insertInto('people')
    .values({ id, name: role, email })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}

/** A playbook worker of the test server (no timers: tests call drain()). */
export function worker(server: TestServer, opts: { leaseGraceMs?: number; pollMs?: number } = {}): PlaybookWorker {
  return new PlaybookWorker({
    db: server.db,
    clock: server.ctx.clock,
    actionContext: actionContextFor(server.ctx),
    ...opts,
  });
}

/** Starts a run as `as` and answers the response body (expects 201). */
export async function run(
  server: TestServer,
  body: Record<string, unknown>,
  as: Role = 'admin',
): Promise<{ run_id: string; starts_at: string }> {
  const res = await server.fetch('/api/playbook/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });
  if (res.status !== 201) throw new Error(`run: ${res.status} ${await res.text()}`);
  return (await res.json()) as { run_id: string; starts_at: string };
}

export interface RunStatus {
  run: { id: string; status: string; error: string | null; parameters: Record<string, unknown> };
  actions: Array<{
    id: string;
    name: string;
    status: string;
    result: Record<string, unknown>;
    error: string | null;
    retry_count: number;
  }>;
}

export async function status(server: TestServer, runId: string): Promise<RunStatus> {
  const res = await server.fetch(`/api/playbook/run/${runId}/status`);
  return (await res.json()) as RunStatus;
}

/** A local HTTP server answering `handler`; records the requests it got. */
export async function httpPeer(
  handler: (req: { method: string; url: string; body: string; headers: Record<string, unknown> }) => {
    status: number;
    body: string;
  },
): Promise<{
  url: string;
  requests: Array<{ method: string; url: string; body: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}> {
  const requests: Array<{ method: string; url: string; body: string; headers: Record<string, unknown> }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', body, headers: req.headers };
      requests.push(r);
      const out = handler(r);
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(out.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

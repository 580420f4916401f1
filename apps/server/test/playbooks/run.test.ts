import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, run, seedPlaybook, status, worker } from './helpers.js';

const PG = 'postgres://postgres@127.0.0.1:5432/test';

let server: TestServer;
let peer: Awaited<ReturnType<typeof httpPeer>>;

beforeAll(async () => {
  server = await startTestServer();
  peer = await httpPeer((req) =>
    req.url === '/fail'
      ? { status: 503, body: '{"error":"down"}' }
      : { status: 200, body: JSON.stringify({ got: req.body }) },
  );
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

describe('a playbook run', () => {
  it('runs exec, http and sql actions for real, with templated fields, results and an artifact', async () => {
    const id = await seedPlaybook(
      server,
      {
        parameters: [{ name: 'who', type: 'text', default: 'world' }],
        actions: [
          {
            name: 'write',
            exec: {
              script: 'echo "hello {{.params.who}}" | tee report.txt; echo warn >&2',
              artifacts: [{ path: 'report.txt' }],
            },
          },
          {
            name: 'post',
            http: { url: `${peer.url}/hook`, method: 'POST', body: '{{.actions.write.result.stdout | trim}}' },
          },
          { name: 'query', sql: { url: PG, query: "select 1 as one, 'two' as two" } },
        ],
      },
      'three-steps',
    );
    const started = await run(server, { id, params: { who: 'ops' } });
    expect(new Date(started.starts_at).getTime()).toBeGreaterThan(0);
    await worker(server).drain();
    const s = await status(server, started.run_id);
    expect(s.run.status).toBe('completed');
    expect(s.actions.map((a) => [a.name, a.status])).toEqual([
      ['write', 'completed'],
      ['post', 'completed'],
      ['query', 'completed'],
    ]);
    expect(s.actions[0]?.result).toMatchObject({ stdout: 'hello ops\n', stderr: 'warn\n', exitCode: 0 });
    expect(peer.requests.at(-1)?.body).toBe('hello ops');
    expect(s.actions[1]?.result).toMatchObject({ response: { code: 200 } });
    expect(s.actions[2]?.result).toMatchObject({ rows: [{ one: 1, two: 'two' }], count: 1, columns: ['one', 'two'] });

    // the artifact is listed by the run page's rpc and downloads with its content
    const listed = await server.fetch(`/api/db/rpc/get_playbook_run_actions?run_id=${started.run_id}`);
    const actions = (await listed.json()) as Array<{
      name: string;
      artifacts: Array<{ id: string; filename: string; size: number }>;
    }>;
    const artifact = actions.find((a) => a.name === 'write')?.artifacts[0];
    expect(artifact).toMatchObject({ filename: 'report.txt', size: 10 });
    const download = await server.fetch(`/api/artifacts/download/${artifact?.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('report.txt');
    expect(await download.text()).toBe('hello ops\n');
  });

  it('fails the run when an action fails and skips what follows unless its if says so', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          { name: 'down', http: { url: `${peer.url}/fail` } },
          { name: 'next', exec: { script: 'echo never' } },
          { name: 'cleanup', if: 'failure()', exec: { script: 'echo cleaning' } },
          { name: 'report', if: 'always()', exec: { script: 'echo done' } },
        ],
      },
      'failing',
    );
    const { run_id } = await run(server, { id });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.run.status).toBe('failed');
    expect(s.run.error).toContain('503');
    expect(s.actions.map((a) => [a.name, a.status])).toEqual([
      ['down', 'failed'],
      ['next', 'skipped'],
      ['cleanup', 'completed'],
      ['report', 'completed'],
    ]);
  });

  it('evaluates CEL in if against the parameters', async () => {
    const id = await seedPlaybook(
      server,
      {
        parameters: [{ name: 'mode', type: 'list', properties: { options: [{ value: 'fast' }, { value: 'slow' }] } }],
        actions: [
          { name: 'fast', if: "params.mode == 'fast'", exec: { script: 'echo fast' } },
          { name: 'slow', if: "params.mode == 'slow'", exec: { script: 'echo slow' } },
        ],
      },
      'cel-if',
    );
    const { run_id } = await run(server, { id, params: { mode: 'slow' } });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.actions.map((a) => [a.name, a.status])).toEqual([
      ['fast', 'skipped'],
      ['slow', 'completed'],
    ]);
  });

  it('refuses bad parameters with a message per parameter', async () => {
    const id = await seedPlaybook(
      server,
      {
        parameters: [
          { name: 'name', type: 'text', required: true, properties: { minLength: 3, regex: '^[a-z]+$' } },
          { name: 'size', type: 'list', properties: { options: [{ value: 's' }, { value: 'm' }] } },
          { name: 'wait', type: 'duration' },
        ],
        actions: [{ name: 'a', exec: { script: 'true' } }],
      },
      'params',
    );
    const res = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, params: { name: 'AB', size: 'xl', wait: 'soon', extra: 1 } }),
    });
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain('params.extra: the playbook has no such parameter');
    expect(message).toContain('params.name: name must be at least 3 characters');
    expect(message).toContain('params.size: size must be one of s, m');
    expect(message).toContain('params.wait: wait must be a duration');
    const missing = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, params: {} }),
    });
    expect(((await missing.json()) as { message: string }).message).toContain('params.name: name is required');
  });

  it('needs playbook:run to start a run, read to see it', async () => {
    const id = await seedPlaybook(server, { actions: [{ name: 'a', exec: { script: 'true' } }] }, 'guarded');
    const res = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
      as: 'viewer',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-rbac-action')).toBe('playbook:run');
    await run(server, { id }, 'editor');
    const list = await server.fetch('/api/db/playbook_runs?select=id,status', { as: 'viewer' });
    expect(list.status).toBe(200);
    const anon = await server.fetch('/api/playbook/run', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      as: null,
    });
    expect(anon.status).toBe(401);
  });

  it('answers 400 and 404 with clear messages for bad requests', async () => {
    const bad = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'nope' }),
    });
    expect(bad.status).toBe(400);
    const missing = await server.fetch('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '00000000-0000-4000-8000-00000000abcd' }),
    });
    expect(missing.status).toBe(404);
    const noRun = await server.fetch('/api/playbook/run/00000000-0000-4000-8000-00000000abcd/status');
    expect(noRun.status).toBe(404);
  });

  it('keeps secret parameters sealed in the run and opens them for the action', async () => {
    const id = await seedPlaybook(
      server,
      {
        parameters: [{ name: 'token', type: 'secret', required: true }],
        actions: [{ name: 'use', exec: { script: 'test "{{.params.token}}" = "hunter22" && echo matched' } }],
      },
      'secret-param',
    );
    const { run_id } = await run(server, { id, params: { token: 'hunter22' } });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.actions[0]?.result.stdout).toBe('matched\n');
    const read = await (await server.fetch(`/api/db/playbook_runs?id=eq.${run_id}&select=parameters`)).text();
    expect(read).not.toContain('hunter22');
    // a re-run sends the sealed value back and gets the same secret
    const again = await run(server, { id, params: s.run.parameters });
    await worker(server).drain();
    expect((await status(server, again.run_id)).actions[0]?.result.stdout).toBe('matched\n');
  });
});

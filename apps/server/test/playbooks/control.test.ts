import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
};

describe('run control', () => {
  it('runs each next action as soon as the one before finishes, without waiting for a poll', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          { name: 'one', exec: { script: 'echo 1' } },
          { name: 'two', exec: { script: 'echo 2' } },
          { name: 'three', exec: { script: 'echo 3' } },
        ],
      },
      'back-to-back',
    );
    const w = worker(server, { pollMs: 120_000 }); // only the start (a poll) and wake-ups drive it
    w.begin();
    try {
      const { run_id } = await run(server, { id });
      await waitFor(async () => (await status(server, run_id)).run.status === 'completed', 20_000);
      const s = await status(server, run_id);
      expect(s.actions.map((a) => [a.name, a.status])).toEqual([
        ['one', 'completed'],
        ['two', 'completed'],
        ['three', 'completed'],
      ]);
    } finally {
      await w.stop();
    }
  });

  it('cancels a running run: the script is killed and nothing after it runs', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          { name: 'long', exec: { script: 'sleep 30' } },
          { name: 'after', exec: { script: 'echo no' } },
        ],
      },
      'cancel',
    );
    const { run_id } = await run(server, { id });
    const w = worker(server);
    w.begin();
    await waitFor(async () => (await status(server, run_id)).actions[0]?.status === 'running');
    const started = Date.now();
    const res = await server.fetch(`/api/playbook/run/cancel/${run_id}`, { method: 'POST' });
    expect(await res.json()).toEqual({ message: 'playbook run cancelled' });
    await waitFor(async () => w.busy === 0);
    expect(Date.now() - started).toBeLessThan(5000);
    await w.stop();
    const s = await status(server, run_id);
    expect(s.run.status).toBe('cancelled');
    expect(s.actions).toHaveLength(1);
    expect(s.actions[0]).toMatchObject({ status: 'failed', error: 'the run was cancelled' });
    const again = await server.fetch(`/api/playbook/run/cancel/${run_id}`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('the run is already cancelled');
  });

  it('times a run out after its timeout', async () => {
    const id = await seedPlaybook(
      server,
      { timeout: '1s', actions: [{ name: 'long', exec: { script: 'sleep 20' } }] },
      'timeout',
    );
    const { run_id } = await run(server, { id });
    const w = worker(server);
    w.begin();
    try {
      await waitFor(async () => (await status(server, run_id)).run.status === 'timed_out');
      await waitFor(async () => w.busy === 0);
    } finally {
      await w.stop();
    }
    const s = await status(server, run_id);
    expect(s.run.error).toContain('timed out');
    expect(s.actions[0]?.status).toBe('failed');
  });

  it('times an action out after its own timeout, and timeout() sees it', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          { name: 'slow', timeout: '300ms', exec: { script: 'sleep 10' } },
          { name: 'on-timeout', if: 'timeout()', exec: { script: 'echo handled' } },
        ],
      },
      'action-timeout',
    );
    const { run_id } = await run(server, { id });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.actions[0]).toMatchObject({ status: 'failed' });
    expect(s.actions[0]?.error).toMatch(/timed out/);
    expect(s.actions[1]).toMatchObject({ status: 'completed' });
  });

  it('retries a failing action with backoff until it passes', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          {
            name: 'flaky',
            retry: { limit: 3, duration: '100ms', exponent: { multiplier: 2 }, jitter: 10 },
            // fails on its first two attempts: the attempt number is the action's retry count
            exec: { script: 'test {{.action.retry_count}} -ge 2 && echo "passed on {{.action.retry_count}}"' },
          },
        ],
      },
      'retry',
    );
    const { run_id } = await run(server, { id });
    const w = worker(server);
    w.begin();
    await waitFor(async () => (await status(server, run_id)).run.status === 'completed');
    await w.stop();
    const s = await status(server, run_id);
    expect(s.actions).toHaveLength(1);
    expect(s.actions[0]).toMatchObject({ status: 'completed', retry_count: 2 });
    expect(s.actions[0]?.result.stdout).toBe('passed on 2\n');
  });

  it('gives up after the retry limit', async () => {
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'broken', retry: { limit: 1, duration: '50ms' }, exec: { script: 'exit 3' } }] },
      'give-up',
    );
    const { run_id } = await run(server, { id });
    const w = worker(server);
    w.begin();
    await waitFor(async () => (await status(server, run_id)).run.status === 'failed');
    await w.stop();
    expect((await status(server, run_id)).actions[0]).toMatchObject({
      status: 'failed',
      retry_count: 1,
      error: 'exit code 3',
    });
  });

  it('waits for an action delay, showing the run as sleeping', async () => {
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'later', delay: '700ms', exec: { script: 'echo late' } }] },
      'delay',
    );
    const { run_id } = await run(server, { id });
    const w = worker(server);
    w.begin();
    await waitFor(async () => (await status(server, run_id)).run.status === 'sleeping');
    await waitFor(async () => (await status(server, run_id)).run.status === 'completed');
    await w.stop();
  });

  it('finishes a run exactly once across a restart in the middle', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          // each with a timeout: an action that dies in flight is leased for its timeout (the
          // default is 30 minutes), and any of them may be in flight when the process dies
          { name: 'first', timeout: '3s', exec: { script: 'echo one' } },
          { name: 'second', timeout: '3s', exec: { script: 'sleep 1; echo two' } },
          { name: 'third', timeout: '3s', exec: { script: 'echo three' } },
        ],
      },
      'restart',
    );
    const runs = await Promise.all([1, 2, 3].map(() => run(server, { id })));
    const a = worker(server, { leaseGraceMs: 200 });
    a.begin();
    await waitFor(async () =>
      (await status(server, runs[0]?.run_id as string)).actions.some(
        (x) => x.name === 'second' && x.status === 'running',
      ),
    );
    // the first process dies without a goodbye: its claims stay until their leases pass
    const dead = a as unknown as {
      running: boolean;
      loop: Promise<void>;
      inflight: Map<string, { controller: AbortController; done: Promise<void> }>;
    };
    dead.running = false;
    for (const f of dead.inflight.values()) f.controller.abort(new Error('killed'));
    await dead.loop;
    await Promise.all([...dead.inflight.values()].map((f) => f.done));
    // a second process takes over what the first left, once the leases pass
    const b = worker(server, { leaseGraceMs: 200 });
    b.begin();
    try {
      for (const r of runs)
        await waitFor(async () => (await status(server, r.run_id)).run.status === 'completed', 20_000);
    } finally {
      await b.stop();
    }
    for (const r of runs) {
      const s = await status(server, r.run_id);
      expect(s.actions.map((x) => [x.name, x.status])).toEqual([
        ['first', 'completed'],
        ['second', 'completed'],
        ['third', 'completed'],
      ]);
    }
  });

  it('hands actions in flight back on a graceful stop, and the next process runs them', async () => {
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'slow', exec: { script: 'sleep 2; echo done' } }] },
      'graceful',
    );
    const { run_id } = await run(server, { id });
    const a = worker(server);
    a.begin();
    await waitFor(async () => (await status(server, run_id)).actions[0]?.status === 'running');
    await a.stop(0);
    expect((await status(server, run_id)).actions[0]?.status).toBe('scheduled');
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.run.status).toBe('completed');
    expect(s.actions).toHaveLength(1);
    expect(s.actions[0]?.result.stdout).toBe('done\n');
  });
});

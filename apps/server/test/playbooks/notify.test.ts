import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { playbookRecipientRunner } from '../../src/playbooks/notify.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck, setCheckStatus } from '../notifications/fixtures.js';
import { seedPlaybook, status, worker } from './helpers.js';

let server: TestServer;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

const rule = (name: string, to: string) => `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
spec:
  events: [check.failed]
  to:
    playbook: ${to}
`;

describe('playbooks as notification recipients', () => {
  it('runs the playbook with the failing check, and the send completes with the run', async () => {
    const id = await seedPlaybook(
      server,
      { actions: [{ name: 'fix', exec: { script: 'echo fixing {{.check.name}}' } }] },
      'remediate',
    );
    const res = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: rule('auto-fix', 'default/remediate'),
    });
    expect(res.status).toBe(201);
    // the rule runs the playbook as its own subject: it needs playbook:run on it
    const grant = await server.fetch('/api/db/permissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        notification_id: ((await res.json()) as { id: string }).id,
        playbook_id: id,
        action: 'playbook:run',
      }),
    });
    expect(grant.status).toBe(201);
    const consumer = createEventConsumer(server.db.kysely, clock, {
      resolveConnection: () => Promise.reject(new Error('no connections in this test')),
      runPlaybook: playbookRecipientRunner(server.ctx),
    });
    const check = await createCheck(server.db, 'orders-api');
    await setCheckStatus(server.db, check.id, 'unhealthy', 'connection refused');
    await consumer.runOnce();
    const send = () =>
      server.db.kysely
        .selectFrom('notification_send_history')
        .select(['status', 'playbook_run_id', 'recipient', 'error'])
        .where('resource_id', '=', check.id)
        .executeTakeFirstOrThrow();
    const pending = await send();
    expect(pending).toMatchObject({ status: 'pending_playbook_completion', recipient: `playbook:${id}` });
    await worker(server).drain();
    const s = await status(server, pending.playbook_run_id as string);
    expect(s.actions[0]?.result.stdout).toBe('fixing orders-api\n');
    expect(await send()).toMatchObject({ status: 'sent', error: null });
  });

  it('refuses a rule naming a playbook that does not exist', async () => {
    const res = await server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: rule('nothing', 'default/no-such-playbook'),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('to.playbook: no playbook');
  });
});

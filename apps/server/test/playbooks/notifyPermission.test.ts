import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { publishEvent } from '../../src/events/queue.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { playbookRecipientRunner } from '../../src/playbooks/notify.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck, setCheckStatus } from '../notifications/fixtures.js';
import { seedPlaybook } from './helpers.js';

/**
 * A notification rule running its playbook is the run's subject: it needs `playbook:run` through
 * permission rows naming it (deny rows, `until` and object selectors as for people), and
 * migration 330 grants it to the rules that ran playbooks before.
 */

let server: TestServer;
let playbookId: string;
let scraperId: string;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startTestServer({ clock });
  playbookId = await seedPlaybook(server, { actions: [{ name: 'fix', exec: { script: 'true' } }] }, 'remediate');
  scraperId = (
    await server.db.kysely
      .insertInto('config_scrapers')
      .values({ name: 'notify-permission', spec: JSON.stringify({}), source: 'UI' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server?.close();
});

/** Creates a rule through the API running `remediate` for `event` when `filter` holds; answers its id. */
async function createRule(name: string, event: string, filter: string): Promise<string> {
  const res = await server.fetch('/api/notification/rules', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
spec:
  events: [${event}]
  filter: "${filter}"
  to:
    playbook: default/remediate
`,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function permit(row: Record<string, unknown>): Promise<void> {
  const res = await server.fetch('/api/db/permissions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(row),
  });
  expect(res.status).toBe(201);
}

const consume = () =>
  createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    runPlaybook: playbookRecipientRunner(server.ctx),
  }).runOnce();

/** The send of `rule` about `resourceId`, and the runs it started. */
async function outcome(rule: string, resourceId: string) {
  const send = await server.db.kysely
    .selectFrom('notification_send_history')
    .select(['id', 'status', 'error', 'playbook_run_id'])
    .where('notification_id', '=', rule)
    .where('resource_id', '=', resourceId)
    .executeTakeFirstOrThrow();
  const runs = await server.db.kysely
    .selectFrom('playbook_runs')
    .select('id')
    .where('notification_send_id', '=', send.id)
    .execute();
  return { ...send, runs: runs.length };
}

/** A failing check the rule named `name` is told about (its filter names the check). */
async function failCheck(name: string): Promise<string> {
  const check = await createCheck(server.db, name);
  await setCheckStatus(server.db, check.id, 'unhealthy', 'connection refused');
  await consume();
  return check.id;
}

describe('notification rules running playbooks need playbook:run', () => {
  it('without a grant the send records the refusal and no run starts', async () => {
    const rule = await createRule('ungranted', 'check.failed', "check.name == 'ungranted-api'");
    const check = await failCheck('ungranted-api');
    const o = await outcome(rule, check);
    expect(o).toMatchObject({ status: 'error', playbook_run_id: null, runs: 0 });
    expect(o.error).toContain(
      'notification default/ungranted may not run playbook remediate: add a permission with this notification as subject and action playbook:run',
    );
  });

  it('with a grant naming the rule and the playbook the run starts', async () => {
    const rule = await createRule('granted', 'check.failed', "check.name == 'granted-api'");
    await permit({ notification_id: rule, playbook_id: playbookId, action: 'playbook:run' });
    const check = await failCheck('granted-api');
    expect(await outcome(rule, check)).toMatchObject({ status: 'pending_playbook_completion', error: null, runs: 1 });
  });

  it('a deny row or an ended grant stops it', async () => {
    const denied = await createRule('denied', 'check.failed', "check.name == 'denied-api'");
    await permit({ notification_id: denied, playbook_id: playbookId, action: 'playbook:run' });
    await permit({ notification_id: denied, object: 'playbooks', action: 'playbook:run', deny: true });
    const ended = await createRule('ended', 'check.failed', "check.name == 'ended-api'");
    const until = new Date(clock.now().getTime() - 60_000).toISOString();
    await permit({ notification_id: ended, playbook_id: playbookId, action: 'playbook:run', until });
    const check = await failCheck('denied-api');
    const d = await outcome(denied, check);
    expect(d).toMatchObject({ status: 'error', runs: 0 });
    expect(d.error).toMatch(/may not run playbook remediate: .*\(denied by permission /);
    const other = await failCheck('ended-api');
    const e = await outcome(ended, other);
    expect(e).toMatchObject({ status: 'error', runs: 0 });
    expect(e.error).toContain('notification default/ended may not run playbook remediate');
  });

  it('a grant with a config selector runs only on the configs it selects', async () => {
    const rule = await createRule('scoped', 'config.unhealthy', "config.name.startsWith('orders-')");
    await permit({
      notification_id: rule,
      action: 'playbook:run',
      object_selector: { playbooks: [{ name: 'remediate' }], configs: [{ types: ['Kubernetes::Pod'] }] },
    });
    const config = async (name: string, type: string) => {
      const { id } = await server.db.kysely
        .insertInto('config_items')
        .values({
          name,
          type,
          config_class: 'Pod',
          scraper_id: scraperId,
          external_id: [name],
          health: 'unhealthy',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await publishEvent(server.db.kysely, 'config.unhealthy', {
        properties: { id, name, type, health: 'unhealthy' },
        at: clock.now(),
      });
      return id;
    };
    const pod = await config('orders-pod', 'Kubernetes::Pod');
    const database = await config('orders-db', 'Postgres::Database');
    await consume();
    expect(await outcome(rule, pod)).toMatchObject({ status: 'pending_playbook_completion', runs: 1 });
    const refused = await outcome(rule, database);
    expect(refused).toMatchObject({ status: 'error', runs: 0 });
    expect(refused.error).toContain('notification default/scoped may not run playbook remediate');
  });
});

/** The database as it was before the upgrade: migration 330 not applied yet. */
const unapply330 = () => sql`delete from schema_migrations where version = 330`.execute(server.db.kysely);

describe('migration 330', () => {
  it('grants playbook:run to every live rule that names a playbook, once', async () => {
    const before = await createRule('before-upgrade', 'check.failed', "check.name == 'upgraded-api'");
    const gone = await createRule('deleted-before-upgrade', 'check.failed', 'false');
    await server.fetch(`/api/notification/rules/${gone}`, { method: 'DELETE' });
    const rows = (rule: string) =>
      server.db.kysely
        .selectFrom('permissions')
        .select(['action', 'playbook_id', 'source', 'description', 'subject_type', 'deny'])
        .where('notification_id', '=', rule)
        .where('deleted_at', 'is', null)
        .execute();
    const granted = async () => (await rows(before)).length;
    expect(await granted()).toBe(0);
    await unapply330();
    const upgrade = await migrate(server.db, loadMigrations());
    expect(upgrade.applied).toEqual(['330_notification_playbook_grants']);
    expect(await rows(before)).toEqual([
      {
        action: 'playbook:run',
        playbook_id: playbookId,
        source: 'UI',
        description: expect.stringContaining('Granted on upgrade: notification rule default/before-upgrade'),
        subject_type: 'notification',
        deny: false,
      },
    ]);
    expect(await rows(gone)).toEqual([]);
    // the rules granted above keep exactly their own rows
    await unapply330();
    await migrate(server.db, loadMigrations());
    expect(await granted()).toBe(1);
    const check = await failCheck('upgraded-api');
    expect(await outcome(before, check)).toMatchObject({ status: 'pending_playbook_completion', runs: 1 });
  });
});

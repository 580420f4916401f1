import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { EventConsumer } from '../../src/events/consumer.js';
import { createEventConsumer } from '../../src/notifications/worker.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck, setCheckStatus } from './fixtures.js';
import { type HttpPeer, startHttpPeer } from './peers.js';

/** Events handled many at a time: what one batch decides matches what one event at a time did. */

let server: TestServer;
let clock: ManualClock;
let consumer: EventConsumer;
let hook: HttpPeer;

beforeAll(async () => {
  clock = new ManualClock(new Date());
  server = await startTestServer({ clock });
  hook = await startHttpPeer(() => ({ status: 200, body: { ok: true } }));
  consumer = createEventConsumer(server.db.kysely, clock, {
    resolveConnection: () => Promise.reject(new Error('no connections in this test')),
    timeoutMs: 3000,
  });
});
afterAll(async () => {
  await server?.close();
  await hook?.close();
});

const plainTemplate = encodeURIComponent('{"check":"{{.check.name}}"}');
// groupedResources is a list of names; toJSON writes it as JSON (printed bare, Go writes `[a b]`)
const groupedTemplate = encodeURIComponent('{"check":"{{.check.name}}","grouped":{{ toJSON .groupedResources }}}');

async function createRule(name: string, prefix: string, extra = '', filter = ''): Promise<string> {
  const template = extra.includes('groupBy') ? groupedTemplate : plainTemplate;
  const yaml = `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: ${name}
spec:
  events: [check.failed]
  title: "{{.check.name}} failed"
  filter: "check.name.startsWith('${prefix}')${filter}"
${extra}
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/${name}?template=${template}"
`;
  const res = await server.fetch('/api/notification/rules', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const db = () => server.db;
const hits = (name: string) => hook.requests.filter((r) => r.path === `/${name}`);
const statuses = async (ruleId: string) => {
  const { rows } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from notification_send_history where notification_id = ${ruleId}
    group by status order by status`.execute(db().kysely);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};

describe('notifications in batches', () => {
  it('sends each of many failures once, and groups those failing together', async () => {
    const plain = await createRule('wave', 'wave-');
    const grouped = await createRule('wave-grouped', 'wave-', '  groupBy: [type]');
    const checks = [];
    for (let i = 0; i < 12; i++) checks.push(await createCheck(db(), `wave-${String(i).padStart(2, '0')}`));
    for (const c of checks) await setCheckStatus(db(), c.id, 'unhealthy', 'down');
    await consumer.runOnce();

    expect(
      hits('wave')
        .map((r) => (r.json as { check: string }).check)
        .sort(),
    ).toEqual(checks.map((_, i) => `wave-${String(i).padStart(2, '0')}`));
    const { rows: errors } = await sql<{ error: string }>`
      select distinct error from notification_send_history where error is not null`.execute(db().kysely);
    expect(errors).toEqual([]);
    expect(await statuses(plain)).toEqual({ sent: 12 });
    expect(await statuses(grouped)).toEqual({ sent: 12 });
    // one group; each send names the resources grouped so far, itself included
    const { rows } = await sql<{ n: number }>`
      select count(distinct group_id)::int as n from notification_send_history where notification_id = ${grouped}`.execute(
      db().kysely,
    );
    expect(rows[0]?.n).toBe(1);
    const seen = hits('wave-grouped').map((r) => (r.json as { grouped: string[] }).grouped.length);
    expect(seen.sort((a, b) => a - b)).toEqual(checks.map((_, i) => i + 1));
  });

  it('silences a canary recursively within a batch and pauses a broken rule once', async () => {
    const rule = await createRule('mixed', 'mixed-');
    const broken = await createRule('broken', 'mixed-', '', ' && check.nope.deeper == 1');
    const quiet = await createCheck(db(), 'mixed-quiet');
    const loud = await createCheck(db(), 'mixed-loud');
    const res = await server.fetch('/api/notification/silence', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'canary-quiet', canary_id: quiet.canaryId, recursive: true, until: 'now+1h' }),
    });
    expect(res.status).toBe(200);
    const { id: silenceId } = (await res.json()) as { id: string };
    await setCheckStatus(db(), quiet.id, 'unhealthy', 'down');
    await setCheckStatus(db(), loud.id, 'unhealthy', 'down');
    await consumer.runOnce();

    expect(hits('mixed').map((r) => (r.json as { check: string }).check)).toEqual(['mixed-loud']);
    expect(await statuses(rule)).toEqual({ sent: 1, silenced: 1 });
    const { rows } = await sql<{ silenced_by: string }>`
      select silenced_by from notification_send_history where notification_id = ${rule} and status = 'silenced'`.execute(
      db().kysely,
    );
    expect(rows[0]?.silenced_by).toBe(silenceId);
    expect(await statuses(broken)).toEqual({});
    const paused = await db()
      .kysely.selectFrom('notifications')
      .select('error')
      .where('id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(paused.error).toMatch(/^filter: /);
  });
});

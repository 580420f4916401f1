import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { runIncidentRules } from '../../src/incidents/rules/engine.js';
import { evaluateObjectives } from '../../src/objectives/evaluate.js';
import { applyYaml } from '../apply/helpers.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';
import { buildPerson } from '../incidents/builders.js';

// An incident rule selecting an objective opens an incident when the objective's critical burn
// alert fires, and resolves it once the burn stops.

const MIN = 60_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

const YAML = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: cart, namespace: default, labels: { app: cart } }
spec:
  schedule: "@every 1m"
  http:
    - { name: cart-api, url: "http://127.0.0.1:9/health" }
---
apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: cart-availability, namespace: default }
spec:
  target: 99.9
  window: 30d
  indicator:
    availability: { checks: { labelSelector: "app=cart" } }
`;

let server: TestServer;
let clock: ManualClock;
let checkId = '';
let owner = '';

async function rule(name: string, spec: unknown) {
  const res = await server.fetch('/api/db/incident_rules', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, spec }),
    as: { kind: 'person', id: owner, roles: ['admin'] },
  });
  expect(res.status).toBe(201);
}

/** One result a minute of cart-api, `ago` minutes before the clock's now. */
async function plant(from: number, to: number, pass: (ago: number) => boolean) {
  const now = clock.now().getTime();
  const results = [];
  for (let ago = from; ago >= to; ago--) {
    results.push({ checkId, time: new Date(now - ago * MIN + 10_000), pass: pass(ago), duration: 20 });
  }
  await writeCheckResults(server.db, results);
}

async function incidents(): Promise<Array<{ title: string; status: string; severity: string }>> {
  const res = await server.fetch('/api/db/incidents?select=title,status,severity&order=created_at');
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ title: string; status: string; severity: string }>;
}

beforeAll(async () => {
  clock = new ManualClock(new Date(NOW));
  server = await startTestServer({ clock });
  expect((await applyYaml(server, YAML)).status).toBe(200);
  const { rows } = await sql<{ id: string }>`select id from checks where name = 'cart-api'`.execute(server.db.kysely);
  checkId = rows[0]?.id as string;
  owner = (await buildPerson(server.db.kysely, { name: 'SRE on call' })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('incident rules on objective events', () => {
  it('opens an incident when the critical burn fires and resolves it after the burn stops', async () => {
    await rule('cart burning', {
      objectives: [{ name: 'cart-*' }],
      filter: { category: ['slo.burn.critical'] },
      template: { severity: 'high' },
      autoResolve: { timeout: '1m' },
    });
    // a rule for an event that does not fire opens nothing
    await rule('cart budget gone', {
      objectives: [{ name: 'cart-availability' }],
      filter: { category: ['slo.budget.exhausted'] },
    });

    // an hour of results, the last 10 minutes failing: 10 of 60 bad burns 166x over 1h and 1000x over 5m
    await plant(60, 1, (ago) => ago > 10);
    expect((await runIncidentRules(server.db.kysely, clock)).opened).toEqual([]);
    expect((await evaluateObjectives(server.db.kysely, clock)).events).toContain(
      'slo.burn.critical default/cart-availability',
    );
    const opened = await runIncidentRules(server.db.kysely, clock);
    expect(opened.opened).toHaveLength(1);
    expect(await incidents()).toEqual([
      { title: 'Objective cart-availability: slo.burn.critical', status: 'open', severity: 'high' },
    ]);
    expect((await runIncidentRules(server.db.kysely, clock)).opened).toEqual([]); // never a duplicate

    // two good hours: the burn stops, and a minute later the incident resolves
    clock.advance(120 * MIN);
    await plant(119, 0, () => true);
    expect((await evaluateObjectives(server.db.kysely, clock)).events).toContain(
      'slo.burn.critical.resolved default/cart-availability',
    );
    expect((await runIncidentRules(server.db.kysely, clock)).resolved).toEqual([]);
    clock.advance(2 * MIN);
    expect((await runIncidentRules(server.db.kysely, clock)).resolved).toEqual(opened.opened);
    expect((await incidents()).map((i) => i.status)).toEqual(['resolved']);
  });

  it('refuses an objectives selector that is not a list, with a clear message', async () => {
    const res = await server.fetch('/api/db/incident_rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bad', spec: { objectives: 'cart-availability' } }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('objectives');
  });

  it('lists for a component only the objectives that read its checks', async () => {
    const { rows } = await sql<{ id: string }>`
      insert into components (name, external_id, type, health, status)
      values ('cart-service', 'cart-service', 'Service', 'healthy', 'healthy') returning id`.execute(server.db.kysely);
    const applied = await applyYaml(
      server,
      `apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: cart-service-availability }
spec:
  target: 99
  window: 7d
  indicator:
    availability: { checks: { component: cart-service } }
`,
    );
    expect(applied.status).toBe(200);
    const names = async (q: string) => {
      const res = await server.fetch(`/api/slos?component=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { objectives: Array<{ name: string }> }).objectives.map((o) => o.name);
    };
    expect(await names('cart-service')).toEqual(['cart-service-availability']);
    expect(await names(rows[0]?.id as string)).toEqual(['cart-service-availability']);
    expect(await names('no-such-component')).toEqual([]);
    const bad = await server.fetch('/api/slos?component=');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('component: expected a component id or name');
  });
});

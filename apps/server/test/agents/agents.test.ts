import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInstallOf } from '../../src/agents/admin/routes.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 16 item 6: agents are generated with a token shown once, listed with their online
// status from last_seen, edited (properties) and deleted, which ends their tokens.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const json = { 'content-type': 'application/json', prefer: 'return=representation' };
const generate = (body: unknown, as: 'admin' | 'viewer' = 'admin') =>
  server.fetch('/api/agent/generate', { as, method: 'POST', headers: json, body: JSON.stringify(body) });

describe('agents', () => {
  let agent: { id: string; username: string; access_token: string; install: unknown };

  it('generates an agent with its token once', async () => {
    const res = await generate({ name: 'eu-west', properties: { region: 'eu-west-1' } });
    expect(res.status).toBe(201);
    agent = (await res.json()) as typeof agent;
    expect(agent.username).toBe('agent-eu-west');
    expect(agent.access_token).toMatch(/^opsdeck_at_/);
    // what the install texts need: the browser's origin is the upstream (null), the chart's repository
    expect(agent.install).toEqual({
      upstream_url: null,
      chart_git_url: 'https://github.com/opsdeck/opsdeck',
      chart_git_ref: 'main',
    });
    const who = await server.fetch('/api/auth/whoami', {
      as: null,
      headers: { authorization: `Bearer ${agent.access_token}` },
    });
    expect(who.status).toBe(200);
    expect(((await who.json()) as { payload: { roles: string[] } }).payload.roles).toEqual(['agent']);
    // the agent role reads nothing by itself
    const read = await server.fetch('/api/db/canaries', {
      as: null,
      headers: { authorization: `Bearer ${agent.access_token}` },
    });
    expect(read.status).toBe(403);
  });

  it.each([
    [{ name: '' }, 400],
    [{ name: 'Not A DNS Name' }, 400],
    [{ name: 'eu-west' }, 409],
  ])('refuses %j with %i', async (body, status) => {
    expect((await generate(body)).status).toBe(status);
  });

  it('refuses viewers', async () => {
    expect((await generate({ name: 'viewer-made' }, 'viewer')).status).toBe(403);
  });

  it('lists agents with their status from last_seen', async () => {
    const status = async () => {
      const res = await server.fetch(
        `/api/db/agents_summary?id=eq.${agent.id}&select=status,checks_count,config_count,properties`,
      );
      return ((await res.json()) as Array<{ status: string; checks_count: number; properties: unknown }>)[0];
    };
    expect(await status()).toMatchObject({ status: 'unknown', checks_count: 0, properties: { region: 'eu-west-1' } });
    await server.db.kysely.updateTable('agents').set({ last_seen: new Date() }).where('id', '=', agent.id).execute();
    expect((await status())?.status).toBe('online');
    await server.db.kysely
      .updateTable('agents')
      .set({ last_seen: new Date(Date.now() - 120_000) })
      .where('id', '=', agent.id)
      .execute();
    expect((await status())?.status).toBe('offline');
  });

  it('edits properties but not the person or username', async () => {
    const ok = await server.fetch(`/api/db/agents?id=eq.${agent.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ properties: { region: 'eu-west-2' } }),
    });
    expect(ok.status).toBe(200);
    const bad = await server.fetch(`/api/db/agents?id=eq.${agent.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ username: 'someone-else' }),
    });
    expect(bad.status).toBe(400);
  });

  it('deleting an agent ends its tokens', async () => {
    const del = await server.fetch(`/api/db/agents?id=eq.${agent.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(del.status).toBe(200);
    const who = await server.fetch('/api/auth/whoami', {
      as: null,
      headers: { authorization: `Bearer ${agent.access_token}` },
    });
    expect(who.status).toBe(401);
    // the name is free again
    expect((await generate({ name: 'eu-west' })).status).toBe(201);
  });
});

describe('the install settings of a new agent', () => {
  const org = {
    OPSDECK_OIDC_PROVIDERS: JSON.stringify([
      { id: 'corp', issuer: 'https://sso.example', client_id: 'c', client_secret: 's' },
    ]),
    OPSDECK_ORG_ID: 'acme',
    OPSDECK_ORG_PROVIDER: 'corp',
    OPSDECK_ORGANIZATIONS: JSON.stringify([
      { id: 'globex', url: 'https://globex.ops.example' },
      { id: 'acme', url: 'https://acme.ops.example/' },
    ]),
  };

  it("points agents at the organization's backend in hosted mode", () => {
    expect(agentInstallOf(loadConfig(org)).upstream_url).toBe('https://acme.ops.example');
    // still provisioning (no url): the browser's origin
    expect(agentInstallOf(loadConfig({ ...org, OPSDECK_ORGANIZATIONS: '[{"id":"acme"}]' })).upstream_url).toBeNull();
  });

  it('takes the chart repository from OPSDECK_CHART_GIT_URL and OPSDECK_CHART_GIT_REF', () => {
    const env = {
      OPSDECK_CHART_GIT_URL: 'ssh://git@git.example/ops/opsdeck.git',
      OPSDECK_CHART_GIT_REF: 'refs/tags/v0.1.0',
    };
    expect(agentInstallOf(loadConfig(env))).toMatchObject({
      chart_git_url: env.OPSDECK_CHART_GIT_URL,
      chart_git_ref: 'refs/tags/v0.1.0',
    });
    expect(() => loadConfig({ OPSDECK_CHART_GIT_URL: 'git@host:repo' })).toThrow(/OPSDECK_CHART_GIT_URL/);
    expect(() => loadConfig({ OPSDECK_CHART_GIT_REF: 'main; rm -rf /' })).toThrow(/OPSDECK_CHART_GIT_REF/);
  });
});

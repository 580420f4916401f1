import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { applyYaml, resultsOf } from './helpers.js';

// POST /api/apply: one door for every kind, all or nothing, idempotent, dry-run and delete.

const MC = 'apiVersion: mission-control.flanksource.com/v1';

const file = (description: string) => `
${MC}
kind: Connection
metadata: { name: hooks, namespace: ops }
spec:
  type: http
  url: { value: "http://127.0.0.1:9/hook" }
  password: { value: s3cret-token }
---
${MC}
kind: Team
metadata: { name: sre }
spec: { displayName: SRE, icon: fire, members: [ann@example.com] }
---
${MC}
kind: Notification
metadata: { name: failing, namespace: ops }
spec:
  events: [check.failed]
  to: { email: oncall@example.com }
---
${MC}
kind: NotificationSilence
metadata: { name: maint, namespace: ops }
spec:
  description: ${description}
  filter: check.name == "flaky"
---
${MC}
kind: Scope
metadata: { name: prod, namespace: ops }
spec:
  targets:
    - config: { tagSelector: env=prod }
---
${MC}
kind: Permission
metadata: { name: sre-prod, namespace: ops }
spec:
  description: ${description}
  subject: { team: sre }
  actions: [read]
  object: { scopes: [{ name: prod }], playbooks: [{ name: restart }] }
---
${MC}
kind: PermissionGroup
metadata: { name: oncall, namespace: ops }
spec: { name: oncall, people: [ann@example.com], teams: [sre] }
---
${MC}
kind: IncidentRule
metadata: { name: page-me }
spec:
  priority: 1
  filter: { status: [unhealthy], age: 300000000000 }
  template: { title: "{{.component.name}} down", severity: high }
`;

describe('POST /api/apply', () => {
  let server: TestServer;
  let editor: { id: string; token: string };
  let admin: { id: string; token: string };
  let viewer: { id: string; token: string };
  beforeAll(async () => {
    server = await startTestServer();
    admin = await addPersonWithToken(server.db, { email: 'boss@example.com', roles: ['admin'] });
    editor = await addPersonWithToken(server.db, { email: 'ann@example.com', roles: ['editor'] });
    viewer = await addPersonWithToken(server.db, { email: 'vic@example.com', roles: ['viewer'] });
  });
  afterAll(() => server?.close());

  const stamps = async () =>
    Object.fromEntries(
      await Promise.all(
        [
          'connections',
          'teams',
          'notifications',
          'notification_silences',
          'scopes',
          'permissions',
          'permission_groups',
          'incident_rules',
        ].map(async (t) => {
          const { rows } = await server.db.kysely.executeQuery<{ u: string }>({
            sql: `select max(updated_at)::text as u from ${t} where deleted_at is null`,
            parameters: [],
            query: { kind: 'RawNode' } as never,
            queryId: { queryId: t },
          } as never);
          return [t, rows[0]?.u];
        }),
      ),
    );

  it('a dry run answers what would change and writes nothing', async () => {
    const res = await applyYaml(server, file('first'), { token: admin.token, dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dryRun).toBe(true);
    expect(Object.values(resultsOf(res.body))).toEqual(Array(8).fill('created'));
    const teams = await server.db.kysely.selectFrom('teams').select('name').where('name', '=', 'sre').execute();
    expect(teams).toEqual([]);
  });

  it('applies every kind, marked as applied from YAML, secrets sealed', async () => {
    const res = await applyYaml(server, file('first'), { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results[0]).toEqual({ kind: 'Connection', name: 'hooks', namespace: 'ops', result: 'created' });
    expect(Object.values(resultsOf(res.body))).toEqual(Array(8).fill('created'));
    const conn = await server.db.kysely
      .selectFrom('connections')
      .select(['password', 'source', 'created_by'])
      .where('name', '=', 'hooks')
      .executeTakeFirstOrThrow();
    expect(conn.source).toBe('ConfigFile');
    expect(conn.password).not.toContain('s3cret');
    expect(conn.created_by).toBe(admin.id);
    const members = await server.db.kysely
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.person_id', 'teams.source'])
      .where('teams.name', '=', 'sre')
      .execute();
    expect(members).toEqual([{ person_id: editor.id, source: 'ConfigFile' }]);
    const perm = await server.db.kysely
      .selectFrom('permissions')
      .select(['object_selector', 'action', 'source'])
      .where('name', '=', 'sre-prod')
      .executeTakeFirstOrThrow();
    // the Scope's target became the permission's selector
    expect(perm).toMatchObject({
      action: 'read',
      source: 'ConfigFile',
      object_selector: { configs: [{ tagSelector: 'env=prod' }], playbooks: [{ name: 'restart' }] },
    });
  });

  it('re-applying the same file reports unchanged and bumps nothing', async () => {
    const before = await stamps();
    const res = await applyYaml(server, file('first'), { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.values(resultsOf(res.body))).toEqual(Array(8).fill('unchanged'));
    expect(await stamps()).toEqual(before);
  });

  it('a changed file updates in place', async () => {
    const res = await applyYaml(server, file('second'), { token: admin.token });
    expect(res.status).toBe(200);
    expect(resultsOf(res.body)).toMatchObject({
      'NotificationSilence maint': 'updated',
      'Permission sre-prod': 'updated',
      'Connection hooks': 'unchanged',
      'Team sre': 'unchanged',
    });
    const silences = await server.db.kysely
      .selectFrom('notification_silences')
      .select('description')
      .where('name', '=', 'maint')
      .where('deleted_at', 'is', null)
      .execute();
    expect(silences).toEqual([{ description: 'second' }]);
  });

  it("maps Mission Control's typed connection sections onto the connection type", async () => {
    const doc = `${MC}\nkind: Connection\nmetadata: { name: mail, namespace: ops }\nspec:\n  smtp:\n    host: smtp.example.com\n    port: 2525\n    fromAddress: ops@example.com\n    username: { value: ops }\n    password: { valueFrom: { secretKeyRef: { name: hooks, key: password } } }\n`;
    const res = await applyYaml(server, doc, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await server.db.kysely
      .selectFrom('connections')
      .select(['type', 'username', 'password', 'properties'])
      .where('name', '=', 'mail')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'email',
      username: 'ops',
      properties: { host: 'smtp.example.com', port: '2525', from: 'ops@example.com' },
    });
    // the password was read from the connection the secretKeyRef names, and stored sealed
    expect(row.password).not.toContain('s3cret');
    const { connectionSecretBox } = await import('../../src/connections/secrets.js');
    const { openSecret } = await import('../../src/connections/store.js');
    expect(openSecret(connectionSecretBox(server.ctx.config), row.password)).toBe('s3cret-token');
    expect(resultsOf((await applyYaml(server, doc, { token: admin.token })).body)).toEqual({
      'Connection mail': 'unchanged',
    });
  });

  it('group permissions reach the members of a PermissionGroup', async () => {
    await applyYaml(
      server,
      `${MC}\nkind: Permission\nmetadata: { name: oncall-conn }\nspec:\n  subject: { group: oncall }\n  actions: [read]\n  object: { connections: [{ name: hooks }] }\n`,
      { token: admin.token },
    );
    const { loadSubject } = await import('../../src/identity/people/subject.js');
    const subject = await loadSubject(server.db.kysely, editor.id, new Date());
    expect(subject?.permissions?.map((p) => p.object_selector)).toContainEqual({ connections: [{ name: 'hooks' }] });
    const other = await loadSubject(server.db.kysely, viewer.id, new Date());
    expect(other?.permissions ?? []).toEqual([]);
  });

  it('a changed Scope re-expands onto the permissions naming it; a named Scope is not deleted alone', async () => {
    const scopeDoc = (tag: string) =>
      `${MC}\nkind: Scope\nmetadata: { name: prod, namespace: ops }\nspec:\n  targets:\n    - config: { tagSelector: ${tag} }\n`;
    const res = await applyYaml(server, scopeDoc('env=production'), { token: admin.token });
    expect(resultsOf(res.body)).toEqual({ 'Scope prod': 'updated' });
    const perm = await server.db.kysely
      .selectFrom('permissions')
      .select('object_selector')
      .where('name', '=', 'sre-prod')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(perm.object_selector).toEqual({
      configs: [{ tagSelector: 'env=production' }],
      playbooks: [{ name: 'restart' }],
    });
    const alone = await applyYaml(server, scopeDoc('env=production'), { token: admin.token, method: 'DELETE' });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toContain('Scope ops/prod is named by 1 permission(s)');
    await applyYaml(server, scopeDoc('env=prod'), { token: admin.token });
  });

  it('all or nothing: one bad document applies none and names it and the path', async () => {
    const bad = `${file('third')}---\n${MC}\nkind: Permission\nmetadata: { name: broken }\nspec:\n  subject: { team: nobody }\n  actions: [read]\n  object: { playbooks: [{ name: x }] }\n`;
    const res = await applyYaml(server, bad, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Permission default/broken');
    expect(res.body.message).toContain('spec.subject.team: no team "nobody"');
    const silence = await server.db.kysely
      .selectFrom('notification_silences')
      .select('description')
      .where('name', '=', 'maint')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(silence.description).toBe('second');
  });

  it('refuses what the caller may not write, kind by kind', async () => {
    const team = `${MC}\nkind: Team\nmetadata: { name: devs }\nspec: {}\n`;
    const asEditor = await applyYaml(server, team, { token: editor.token });
    expect(asEditor.status).toBe(403);
    expect(asEditor.body.message).toContain('Team default/devs');
    const conn = `${MC}\nkind: Connection\nmetadata: { name: pg }\nspec: { type: postgres, url: "postgres://db/x" }\n`;
    expect((await applyYaml(server, conn, { token: editor.token })).status).toBe(403);
    const rule = `${MC}\nkind: Notification\nmetadata: { name: mine }\nspec: { events: [check.passed], to: { email: a@example.com } }\n`;
    expect((await applyYaml(server, rule, { token: viewer.token })).status).toBe(403);
    const ok = await applyYaml(server, rule, { token: editor.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(resultsOf(ok.body)).toEqual({ 'Notification mine': 'created' });
  });

  it('takes the existing kinds too, holding exec specs to OPSDECK_EXEC as the editors do', async () => {
    const canary = (spec: string) =>
      `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata: { name: web, namespace: ops }\nspec:\n${spec}`;
    const http = canary('  http:\n    - { name: home, url: "http://127.0.0.1:9/" }\n');
    const ok = await applyYaml(server, http, { token: editor.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(resultsOf(ok.body)).toEqual({ 'Canary web': 'created' });
    expect(resultsOf((await applyYaml(server, http, { token: editor.token })).body)).toEqual({
      'Canary web': 'unchanged',
    });
    // OPSDECK_EXEC=admin (the default): an editor may not store exec checks, an admin may
    const exec = canary('  exec:\n    - { name: hi, script: echo hi }\n');
    const refused = await applyYaml(server, exec, { token: editor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('only admins may save exec checks');
    expect(resultsOf((await applyYaml(server, exec, { token: admin.token })).body)).toEqual({
      'Canary web': 'updated',
    });
  });

  it('bad YAML is a 400 naming the path: wrong kind, unknown field, Plugin, alias bomb, oversized', async () => {
    const wrongKind = await applyYaml(server, `${MC}\nkind: Gadget\nmetadata: { name: g }\n`);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/kind: expected .*Permission/);
    const unknown = await applyYaml(server, `${MC}\nkind: Team\nmetadata: { name: t }\nspec: { colour: red }\n`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('spec.colour: unknown field');
    const plugin = await applyYaml(server, `${MC}\nkind: Plugin\nmetadata: { name: p }\nspec: { source: x }\n`);
    expect(plugin.status).toBe(400);
    expect(plugin.body.message).toMatch(/kind: OpsDeck runs no plugin binaries/);
    const bomb = [
      'a: &a [x,x,x,x,x,x,x,x,x]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ].join('\n');
    const aliases = await applyYaml(server, bomb);
    expect(aliases.status).toBe(400);
    expect(aliases.body.message).toContain('too many alias expansions');
    const huge = await applyYaml(
      server,
      `${MC}\nkind: Team\nmetadata: { name: big }\nspec: { displayName: "${'x'.repeat(10 * 1024 * 1024)}" }\n`,
    );
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/MB is more than the 4 MB/);
    const json = await server.fetch('/api/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it('DELETE removes what the file names; deleting again is unchanged', async () => {
    const dry = await applyYaml(server, file('second'), { token: admin.token, method: 'DELETE', dryRun: true });
    expect(Object.values(resultsOf(dry.body))).toEqual(Array(8).fill('deleted'));
    const res = await applyYaml(server, file('second'), { token: admin.token, method: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.values(resultsOf(res.body))).toEqual(Array(8).fill('deleted'));
    const live = await server.db.kysely
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'sre')
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const again = await applyYaml(server, file('second'), { token: admin.token, method: 'DELETE' });
    expect(Object.values(resultsOf(again.body))).toEqual(Array(8).fill('unchanged'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { createCheck } from '../notifications/fixtures.js';

/** A status page publishes only what its author names and may read: no wildcard over every check. */

let server: TestServer;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  await createCheck(server.db, 'web-frontend', { public: 'yes' });
  await createCheck(server.db, 'PRIVATE-CHECK-NAME', { public: 'no' });
});
afterAll(async () => {
  await server?.close();
});

const save = (name: string, checks: unknown[], as: 'editor' | 'admin' = 'editor') =>
  server.fetch('/api/db/status_pages', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, title: name, spec: { groups: [{ name: 'All', checks }] } }),
    as,
  });

describe('status page selectors', () => {
  it('refuses a selector matching every check, for editors and admins alike', async () => {
    for (const [checks, as] of [
      [[{ name: '*' }], 'editor'],
      [[{ labelSelector: 'public=yes' }, {}], 'editor'],
      [[{ name: '**', namespace: '*' }], 'admin'],
    ] as const) {
      const res = await save(`wild-${as}-${checks.length}`, [...checks], as);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /spec\.groups\.0\.checks\.\d: a selector matching every check would publish all their names/,
      );
    }
    const named = await save('named', [{ name: 'web-*' }]);
    expect(named.status).toBe(201);
  });

  it('publishes nothing for a wildcard stored before it was refused', async () => {
    await server.db.kysely
      .insertInto('status_pages' as never)
      .values({
        name: 'old',
        title: 'Old',
        spec: JSON.stringify({ groups: [{ name: 'All', checks: [{ name: '*' }] }] }),
      } as never)
      .execute();
    const res = await server.fetch('/status/old.json', { as: null });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('PRIVATE-CHECK-NAME');
    expect(text).not.toContain('web-frontend');
  });

  it('refuses checks and objectives from an author who may not read canaries', async () => {
    // an editor's token scoped to status pages (views) alone: it may write pages, not read checks
    const as = {
      roles: ['editor' as const],
      scope: [{ object: 'views', actions: ['read' as const, 'create' as const, 'update' as const, 'delete' as const] }],
    };
    const post = (name: string, spec: unknown) =>
      server.fetch('/api/db/status_pages', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name, title: name, spec }),
        as,
      });
    const checks = await post('scoped-checks', { groups: [{ name: 'All', checks: [{ name: 'web-frontend' }] }] });
    expect(checks.status).toBe(403);
    expect(((await checks.json()) as { message: string }).message).toContain(
      'spec.groups.0.checks: you may not read canaries',
    );
    const objectives = await post('scoped-objectives', { objectives: [{ name: 'checkout-availability' }] });
    expect(objectives.status).toBe(403);
    expect(((await objectives.json()) as { message: string }).message).toContain(
      'spec.objectives: you may not read canaries, so a page of yours may not publish objectives',
    );
    expect((await post('scoped-plain', {})).status).toBe(201);
  });
});

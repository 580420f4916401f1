import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// Resources applied from Mission Control YAML (POST /api/apply) show read-only, "managed by YAML".

const MC = 'apiVersion: mission-control.flanksource.com/v1';
const YAML = `${MC}
kind: Notification
metadata: { name: pager, namespace: ops }
spec:
  events: [check.failed]
  to: { email: oncall@example.com }
---
${MC}
kind: Connection
metadata: { name: hooks, namespace: ops }
spec: { type: http, url: "http://127.0.0.1:9/hook", password: { value: s3cret } }
`;

const ui = {
  note: (page: Page) => page.getByRole('note'),
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
  delete: (page: Page) => page.getByRole('button', { name: 'Delete', exact: true }),
  connections: (page: Page) => page.getByRole('table', { name: 'Connections' }),
  dialog: (page: Page) => page.getByRole('dialog'),
};

describe('resources applied from YAML', () => {
  let e2e: E2E;
  let ruleId = '';
  beforeAll(async () => {
    e2e = await startE2E();
    const res = await e2e.server.fetch('/api/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: YAML,
    });
    expect(res.status).toBe(200);
    const row = await e2e.server.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('name', '=', 'pager')
      .executeTakeFirstOrThrow();
    ruleId = row.id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows an applied notification rule read-only, managed by YAML, with nothing to save or delete', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto(`/settings/notifications/${ruleId}`);
    await ui.note(page).getByText('Read-only: managed by').waitFor();
    expect(await ui.note(page).textContent()).toContain('managed by YAML (opsdeck apply)');
    expect(await ui.save(page).count()).toBe(0);
    expect(await ui.delete(page).count()).toBe(0);
    await page.screenshot({ path: path.resolve(import.meta.dirname, '../docs/screenshots/apply-managed.png') });
  });

  it('opens an applied connection read-only, without a delete button in the list', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/settings/connections');
    const row = ui.connections(page).getByRole('row', { name: /hooks/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('ConfigFile');
    expect(await row.getByRole('button', { name: 'Delete hooks' }).count()).toBe(0);
    await row.getByText('hooks').click();
    await ui.dialog(page).getByText('Read-only: managed by').waitFor();
    expect(await ui.dialog(page).getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await ui.dialog(page).getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
  });
});

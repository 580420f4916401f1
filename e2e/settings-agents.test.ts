import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamClient } from '../apps/server/src/agents/agent/client.js';
import { type E2E, startE2E } from './harness.js';

// An administrator adds an agent on /settings/agents, sees its token once, edits its properties
// and deletes it, which ends the token.
const ui = {
  toast: (page: Page, text: string) => page.getByRole('region', { name: 'Messages' }).getByText(text),
  row: (page: Page, text: string) =>
    page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: text }),
};

describe('agents settings', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    page = await e2e.page({ as: 'admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const whoami = (token: string) =>
    fetch(`${e2e.server.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  it('creates an agent and shows its token once, edits and deletes it', async () => {
    await page.goto('/settings/agents');
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Agent' });
    await dialog.getByRole('textbox', { name: /^Name\*?$/ }).fill('Bad Name');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByText(/DNS-1123/).waitFor();
    await dialog.getByRole('textbox', { name: /^Name\*?$/ }).fill('eu-west');
    await dialog.getByRole('textbox', { name: 'Properties' }).fill('region=eu-west-1');
    await dialog.getByRole('button', { name: 'Generate' }).click();

    const shown = page.getByRole('dialog', { name: 'Agent eu-west created' });
    await shown.getByText('Access token will be shown only once').waitFor();
    const token = await shown.getByRole('textbox', { name: 'Agent token' }).inputValue();
    expect(token).toMatch(/^opsdeck_at_/);
    expect(await whoami(token)).toBe(200);
    // how to install it: Helm (first), Flux and the plain command, each with this token
    const tabs = shown.getByRole('tablist', { name: 'Installation Instructions' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Helm', 'Flux', 'Plain']);
    const helm = (await shown.getByTestId('agent-install-helm').textContent()) as string;
    expect(helm).toContain('helm upgrade --install opsdeck-agent ./opsdeck/deploy/helm/opsdeck');
    expect(helm).toContain(`--set-string upstream.url='${e2e.server.url}'`);
    expect(helm).toContain("--set-string upstream.agentName='eu-west'");
    expect(helm).toContain(`--set-string upstream.token='${token}'`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await shown.getByRole('button', { name: 'Copy Helm command' }).click();
    await ui.toast(page, 'Helm command copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(helm);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/agent-token.png` });

    await tabs.getByRole('tab', { name: 'Flux' }).click();
    const flux = (await shown.getByTestId('agent-install-flux').textContent()) as string;
    expect(flux).toContain('kind: HelmRelease');
    expect(flux).toContain('chart: ./deploy/helm/opsdeck');
    expect(flux).toContain(`token: "${token}"`);

    await tabs.getByRole('tab', { name: 'Plain' }).click();
    const command = await shown.getByTestId('agent-install-plain').textContent();
    expect(command).toContain(`OPSDECK_UPSTREAM_TOKEN='${token}'`);
    expect(command).toContain(`OPSDECK_UPSTREAM_URL='${e2e.server.url}'`);
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(token).count()).toBe(0);

    await ui.row(page, 'eu-west').getByText('unknown').waitFor();
    await ui.row(page, 'eu-west').getByText('eu-west', { exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Agent eu-west' });
    expect(await edit.getByRole('textbox', { name: /^Name\*?$/ }).isDisabled()).toBe(true);
    await edit.getByRole('textbox', { name: 'Properties' }).fill('region=eu-west-2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await ui.toast(page, 'eu-west updated successfully').waitFor();
    const stored = await e2e.server.db.kysely
      .selectFrom('agents')
      .select('properties')
      .where('name', '=', 'eu-west')
      .executeTakeFirstOrThrow();
    expect(stored.properties).toEqual({ region: 'eu-west-2' });
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/agents.png` });

    // an admin lets the agent send code; it was registered by an admin, so it receives actions
    await ui.row(page, 'eu-west').getByText('eu-west', { exact: true }).click();
    const trust = page.getByRole('dialog', { name: 'Edit Agent eu-west' });
    const mayRun = trust.getByRole('switch', { name: /May run code/ });
    expect(await mayRun.isChecked()).toBe(false);
    expect(await trust.getByRole('switch', { name: /Receives playbook actions/ }).isChecked()).toBe(true);
    await mayRun.check();
    await trust.getByRole('button', { name: 'Save' }).click();
    await trust.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        e2e.server.db.kysely
          .selectFrom('agents')
          .select(['exec_allowed', 'admin_registered'])
          .where('name', '=', 'eu-west')
          .executeTakeFirstOrThrow(),
      )
      .toEqual({ exec_allowed: true, admin_registered: true });

    await ui.row(page, 'eu-west').getByRole('button', { name: 'Delete eu-west' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await ui.toast(page, 'eu-west deleted successfully').waitFor();
    expect(await whoami(token)).toBe(401);
  });

  it('offers editors neither Add Agent nor the trust switches', async () => {
    const editor = await e2e.page({ as: 'editor' });
    await editor.goto('/settings/agents');
    await editor.getByRole('table', { name: 'Agents' }).waitFor();
    expect(await editor.getByRole('button', { name: 'Add Agent' }).count()).toBe(0);
    await editor.close();
  });

  it('shows an agent that pushes as online with its counts, and its badge on its checks', async () => {
    const made = await fetch(`${e2e.server.url}/api/agent/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...e2e.server.headers('admin') },
      body: JSON.stringify({ name: 'edge' }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    // the agent's side of the protocol, as an agent process speaks it
    const client = upstreamClient({
      url: e2e.server.url,
      agentName: 'edge',
      token: made.access_token,
      pushIntervalMs: 1000,
      pingIntervalMs: 1000,
      pullIntervalMs: 60_000,
    });
    const canary = randomUUID();
    const scraper = randomUUID();
    const check = randomUUID();
    const answer = await client.push({
      config_scrapers: [{ id: scraper, name: 'edge-files', namespace: 'default', spec: {}, source: 'UI' }],
      config_items: ['alpha', 'beta'].map((name) => ({
        id: randomUUID(),
        scraper_id: scraper,
        name,
        type: 'Doc',
        config_class: 'Doc',
      })),
      canaries: [{ id: canary, name: 'edge-web', namespace: 'default', spec: {} }],
      checks: [{ id: check, canary_id: canary, type: 'http', name: 'edge-site', status: 'unhealthy' }],
      check_statuses: [{ check_id: check, time: new Date().toISOString(), status: false, duration: 12, error: 'down' }],
    });
    expect(answer.accepted).toMatchObject({
      config_scrapers: 1,
      config_items: 2,
      canaries: 1,
      checks: 1,
      check_statuses: 1,
    });
    await client.ping();

    await page.goto('/settings/agents');
    const row = ui.row(page, 'edge');
    await row.getByText('online').waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['2', '1']));
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/agents-online.png` });

    await page.goto('/health?tabBy=agent&groupBy=no-group');
    await page.getByRole('tab', { name: 'edge' }).waitFor();
    await page.getByRole('tab', { name: 'edge' }).click();
    await page.getByTitle('Pushed by agent edge').first().waitFor();
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/health-agent-tab.png` });
  });
});

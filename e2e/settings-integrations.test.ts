import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { type E2E, startE2E } from './harness.js';

// An administrator lists integrations and generates the Kubernetes GitOps text, which parses as
// Flux input (one HelmRepository where the release refers to it, values under spec.values) and
// as a Helm install with a release name.

describe('integrations settings', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    await e2e.server.db.kysely.insertInto('config_scrapers').values({ name: 'node-files', spec: '{}' }).execute();
    page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists integrations and generates valid Flux and Helm text for Kubernetes', async () => {
    await page.goto('/settings/integrations');
    await page.getByRole('table', { name: 'Integrations' }).getByText('node-files').waitFor();
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Add Directly' }).getByRole('link', { name: 'Log Backends' }).waitFor();
    await dialog.getByRole('button', { name: 'Kubernetes' }).click();
    await dialog.getByRole('textbox', { name: 'Namespace' }).fill('platform');
    const values = dialog.getByRole('textbox', { name: /^Values/ });
    // a typo is caught by the chart's schema
    await values.fill('clusterNmae: prod\n');
    await dialog.getByRole('list', { name: 'Problems' }).waitFor();
    await values.fill('clusterName: prod\nscraper:\n  schedule: "@every 15m"\n');

    const flux = await dialog.getByRole('region', { name: 'Flux manifests' }).locator('pre').textContent();
    const docs = YAML.parseAllDocuments(flux ?? '').map((d) => {
      expect(d.errors).toEqual([]);
      return d.toJS();
    });
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'HelmRepository', 'HelmRelease']);
    const [ns, repo, release] = docs;
    expect(ns.metadata.name).toBe('platform');
    expect(repo.metadata.namespace).toBe('platform');
    expect(release.spec.chart.spec.sourceRef).toMatchObject({ name: repo.metadata.name, namespace: 'platform' });
    expect(release.spec.releaseName).toBe('mission-control-kubernetes');
    expect(release.spec.values).toEqual({ clusterName: 'prod', scraper: { schedule: '@every 15m' } });
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/add-integration.png` });

    await dialog.getByRole('tab', { name: 'Helm CLI' }).click();
    const helm = (await dialog.getByRole('region', { name: 'Helm commands' }).locator('pre').textContent()) ?? '';
    expect(helm).toContain('helm install mission-control-kubernetes flanksource/mission-control-kubernetes');
    expect(helm).toContain('-n "platform"');
    expect(helm).toContain('--set scraper.schedule="@every 15m"');
  });

  it('hides Log Backends when logs are disabled', async () => {
    await e2e.server.db.kysely.insertInto('properties').values({ name: 'logs.disable', value: 'true' }).execute();
    const fresh = await e2e.page({ as: 'admin' });
    await fresh.goto('/settings/integrations');
    await fresh.getByRole('button', { name: 'Add Integration' }).click();
    await fresh.getByRole('region', { name: 'Add Directly' }).getByRole('link', { name: 'Catalog Scraper' }).waitFor();
    expect(await fresh.getByRole('link', { name: 'Log Backends' }).count()).toBe(0);
  });
});

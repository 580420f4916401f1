import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

describe('an empty catalog', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('tells where config items come from and offers an editor a scraper, a viewer only the text', async () => {
    const page = await e2e.page({ as: 'editor' });
    await page.goto('/catalog');
    const start = page.getByRole('region', { name: 'Get started' });
    await start.getByText(/config items come from catalog scrapers/).waitFor();
    await start.getByRole('link', { name: 'Add a catalog scraper' }).click();
    await page.waitForURL(/\/catalog\/scrapers\/new$/);

    const viewer = await e2e.page({ as: 'viewer' });
    await viewer.goto('/catalog');
    const viewerStart = viewer.getByRole('region', { name: 'Get started' });
    await viewerStart.getByText(/config items come from catalog scrapers/).waitFor();
    expect(await viewerStart.getByRole('link').count()).toBe(0);
  });
});

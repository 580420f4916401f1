import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// Issue 16 item 9: on a 900 px high screen every Settings entry can be reached (the menu scrolls
// instead of running off the screen), expanded and as the collapsed sidebar's flyout.

async function lastEntryInView(page: Page): Promise<void> {
  const list = page.getByRole('list', { name: 'Settings' });
  const last = list.getByRole('link', { name: 'Views', exact: true });
  await last.scrollIntoViewIfNeeded();
  const box = await last.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
  await last.click();
  await page.waitForURL('**/settings/views');
}

describe('settings menu on a short screen', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('scrolls to its last entry in the expanded sidebar', async () => {
    const page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
    await page.goto('/settings/permissions');
    await lastEntryInView(page);
  });

  it('scrolls to its last entry in the collapsed flyout', async () => {
    const page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
    await page.goto('/topology');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await lastEntryInView(page);
  });
});

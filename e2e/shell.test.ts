import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

const MAIN_ITEMS = ['Dashboard', 'Health', 'Objectives', 'Incidents', 'Catalog', 'Logs', 'Playbooks', 'Applications'];

// what a person sees, found by role and name
const ui = {
  mainNav: (page: Page) => page.getByRole('navigation', { name: 'Main' }),
  navLink: (page: Page, name: string) => ui.mainNav(page).getByRole('link', { name, exact: true }),
  settings: (page: Page) => page.getByRole('button', { name: 'Settings', exact: true }),
  sidebar: (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }),
};

async function navLabels(page: Page): Promise<string[]> {
  await ui.navLink(page, 'Dashboard').waitFor();
  return (await ui.mainNav(page).getByRole('link').allTextContents()).map((t) => t.trim());
}

describe('web app shell', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('renders the sidebar, top bar and Settings for an admin, and / lands on /topology', async () => {
    const page = await e2e.page({ as: 'admin' });
    await page.goto('/');
    await page.waitForURL('**/topology');
    expect(await navLabels(page)).toEqual(MAIN_ITEMS);
    await page.getByRole('banner').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.title()).toBe('Dashboard | OpsDeck');
    await page.getByRole('link', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();

    await ui.settings(page).click();
    const settings = page.getByRole('list', { name: 'Settings' }).getByRole('link');
    const labels = await settings.allTextContents();
    expect(labels).toContain('Connections');
    expect(labels).toContain('Feature Flags');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('shows a viewer the screens they may read, without the Settings menu', async () => {
    const page = await e2e.page({ as: 'viewer' });
    await page.goto('/topology');
    expect(await navLabels(page)).toEqual(MAIN_ITEMS);
    expect(await ui.settings(page).count()).toBe(0);
  });

  it('collapses the sidebar and keeps it collapsed after a reload', async () => {
    const page = await e2e.page();
    await page.goto('/health');
    await ui.navLink(page, 'Health').waitFor();
    const expandedWidth = (await ui.sidebar(page).boundingBox())?.width ?? 0;

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    // 56 vs 14 spacing units: 224 px and 56 px
    await page.waitForFunction(() => document.querySelector('aside')?.getBoundingClientRect().width === 56);
    expect(expandedWidth).toBe(224);
    expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('true');

    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await ui.sidebar(page).getAttribute('data-collapsed')).toBe('true');
    // collapsed items keep their names for keyboard and screen-reader users
    await ui.navLink(page, 'Incidents').waitFor();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('false');
  });

  it('folds the sidebar away on an outside click when the window is narrower than 1024 px', async () => {
    const page = await e2e.page({ viewport: { width: 900, height: 700 } });
    await page.goto('/topology');
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    await page.getByRole('main').click({ position: { x: 300, y: 300 } });
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  });

  it('navigates from the sidebar', async () => {
    const page = await e2e.page();
    await page.goto('/topology');
    await ui.navLink(page, 'Incidents').click();
    await page.waitForURL('**/incidents');
    // the page may load lazily: wait for the top bar to show it
    await page.getByRole('banner').getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    expect(await ui.navLink(page, 'Incidents').getAttribute('aria-current')).toBe('page');
  });

  it('redirects /configs to /catalog, keeping the query', async () => {
    const page = await e2e.page();
    await page.goto('/configs?type=Kubernetes%3A%3APod');
    await page.waitForURL('**/catalog?type=Kubernetes%3A%3APod');
    await page.getByRole('banner').getByRole('heading', { name: 'Catalog', level: 1 }).waitFor();
  });

  it('shows a not-found page for an unknown route, inside the shell', async () => {
    const page = await e2e.page();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200); // the SPA answers every page route
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('/no/such/page').count()).toBe(1);
    await ui.navLink(page, 'Dashboard').waitFor();
  });

  it('explains a bad session, and any other error code as unknown', async () => {
    const page = await e2e.page({ as: null });
    await page.goto('/bad-session?error_code=BAD_SESSION');
    expect(await page.getByRole('alert').textContent()).toBe(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    );
    expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');

    await page.goto('/bad-session?error_code=SOMETHING_ELSE');
    expect(await page.getByRole('alert').textContent()).toBe('Unknown error');
  });

  it('hides Incidents when the incidents.disable flag is true', async () => {
    await e2e.server.db.kysely.insertInto('properties').values({ name: 'incidents.disable', value: 'true' }).execute();
    try {
      const page = await e2e.page();
      await page.goto('/topology');
      expect(await navLabels(page)).toEqual(MAIN_ITEMS.filter((l) => l !== 'Incidents'));
      await page.goto('/incidents');
      await page.getByRole('heading', { name: 'Incidents is turned off' }).waitFor();
    } finally {
      await e2e.server.db.kysely.deleteFrom('properties').where('name', '=', 'incidents.disable').execute();
    }
  });

  it('adds and deletes a feature flag from Settings, and the sidebar follows', async () => {
    const page = await e2e.page();
    await page.goto('/settings/feature-flags');
    const table = page.getByRole('table', { name: 'Feature flags' });
    await table.getByText('No data available').waitFor();

    await page.getByRole('button', { name: 'Add flag' }).click();
    const form = page.getByRole('dialog', { name: 'Add feature flag' });
    await form.getByLabel('Name').fill('playbooks.disable');
    await form.getByLabel('Value').fill('true');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Feature flag created successfully' }).waitFor();
    await table.getByText('playbooks.disable').waitFor();
    await ui.navLink(page, 'Playbooks').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete playbooks.disable' }).click();
    await page.getByRole('dialog', { name: 'Delete feature flag' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Feature flag deleted successfully' }).waitFor();
    await table.getByText('No data available').waitFor();
    await ui.navLink(page, 'Playbooks').waitFor();
  });

  it('pages big tables on the server and keeps only the rows in view in the page', async () => {
    const names = Array.from({ length: 260 }, (_, i) => `bulk.flag_${String(i).padStart(3, '0')}`);
    await e2e.server.db.kysely
      .insertInto('properties')
      .values(names.map((name) => ({ name, value: 'false' })))
      .execute();
    try {
      const page = await e2e.page();
      await page.goto('/settings/feature-flags?pageSize=250&sortBy=name&sortOrder=desc');
      const table = page.getByRole('table', { name: 'Feature flags' });
      await table.getByText('bulk.flag_259').waitFor();
      await page.getByText('Showing 1–250 of 260').waitFor();
      const rendered = await table.locator('tbody tr:not([aria-hidden])').count();
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(100);
      // scrolling to the end brings the last row of the page in
      await table.evaluate((t) => {
        const scroller = t.parentElement as HTMLElement;
        scroller.scrollTop = scroller.scrollHeight;
      });
      await table.getByText('bulk.flag_010').waitFor();

      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText('Showing 251–260 of 260').waitFor();
      await table.getByText('bulk.flag_000').waitFor();
      expect(new URL(page.url()).searchParams.get('pageIndex')).toBe('1');
    } finally {
      await e2e.server.db.kysely.deleteFrom('properties').where('name', 'like', 'bulk.%').execute();
    }
  });

  it('lets a viewer read feature flags but not change them', async () => {
    await e2e.server.db.kysely.insertInto('properties').values({ name: 'logs.page_size', value: '100' }).execute();
    try {
      const page = await e2e.page({ as: 'viewer' });
      await page.goto('/settings/feature-flags');
      await page.getByRole('table', { name: 'Feature flags' }).getByText('logs.page_size').waitFor();
      expect(await page.getByRole('button', { name: 'Add flag' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete logs.page_size' }).count()).toBe(0);
    } finally {
      await e2e.server.db.kysely.deleteFrom('properties').where('name', '=', 'logs.page_size').execute();
    }
  });

  it('sends a signed-out visitor from a 401 to /login with the way back', async () => {
    const page = await e2e.page({ as: null });
    await page.goto('/incidents?status=open');
    await page.waitForURL('**/login?**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('return_to')).toBe('/incidents?status=open');
    await page.getByRole('heading', { name: 'Sign In to your account' }).waitFor();
    expect(await page.title()).toBe('Sign in | OpsDeck');
  });

  it('keeps date preferences chosen in the top bar', async () => {
    const page = await e2e.page();
    await page.goto('/topology');
    await page.getByRole('button', { name: 'Preferences' }).click();
    const panel = page.getByRole('region', { name: 'Preferences' });
    await panel.getByLabel('Date format').selectOption('full');
    await panel.getByLabel('Time zone').selectOption('UTC');
    expect(await panel.getByText(/^Now:/).textContent()).toMatch(/UTC$/);
    expect(await page.evaluate(() => localStorage.getItem('datetime_preference'))).toBe('"full"');
    expect(await page.evaluate(() => localStorage.getItem('display_timezone_preference'))).toBe('"UTC"');
    await page.keyboard.press('Escape');
    expect(await panel.count()).toBe(0);
  });

  it('opens the user menu with the versions, profile and sign out (no kubeconfig without a proxy)', async () => {
    const page = await e2e.page();
    await page.goto('/topology');
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await menu.getByText('v1.4.25').waitFor();
    await menu
      .getByText(/^v\d+\.\d+\.\d+/)
      .last()
      .waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Your Profile' }).getAttribute('href')).toBe('/profile-settings');
    // OpsDeck has no Kubernetes-style API proxy for a kubeconfig to point at: the item is hidden
    expect(await menu.getByRole('menuitem', { name: 'Download kubeconfig' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

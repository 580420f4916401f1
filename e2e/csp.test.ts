import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

/** Console errors and page errors of `page` from now on (a CSP violation is a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

describe('the web app under the Content-Security-Policy', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('loads its pages, charts and sign-in form with no CSP violation', { timeout: 240_000 }, async () => {
    const page = await e2e.page({ as: 'admin' });
    const errors = collectErrors(page);
    const first = await page.goto('/health', { waitUntil: 'domcontentloaded', timeout: 60_000 });
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('banner').waitFor();
    for (const path of ['/incidents', '/settings/canaries', '/notifications']) {
      await page.goto(path, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.getByRole('banner').waitFor();
    }
    const visitor = await e2e.page({ as: null });
    const visitorErrors = collectErrors(visitor);
    await visitor.goto('/login', { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await visitor
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
    // give late scripts, styles and images a moment to be refused
    await page.waitForTimeout(500);
    expect([...errors, ...visitorErrors].filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@opsdeck/schema/rbac';
import { startTestServer, type TestServer, type TestServerOptions } from '@opsdeck/server/test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The production build the browser tests run against (`npm run build`, or OPSDECK_E2E_WEB_DIR). */
export const WEB_DIR = path.resolve(
  process.env.OPSDECK_E2E_WEB_DIR ?? path.join(import.meta.dirname, '../apps/web/dist'),
);

/** Debian's Chromium, headless, with nothing that calls out to the internet. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export interface PageOptions {
  /** Who the browser is signed in as; null sends no identity (a signed-out visitor). */
  as?: Role | null;
  viewport?: { width: number; height: number };
}

/** A running server with the built web app and a browser pointed at it. */
export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A page in a fresh browser context (own storage) for `as`; closed by `close()`. */
  page(opts?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, shared by its files (each test gets its own context, so nothing
 * carries over): launching it costs seconds a file. Launched again if it went away.
 */
async function sharedBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = chromium.launch(CHROMIUM);
  return shared;
}

/**
 * Starts the real server with the built web app on a fresh embedded database, and Chromium.
 * `config` overrides server settings (e.g. `identity` with an SMTP server for the auth tests).
 */
export async function startE2E(opts: { config?: TestServerOptions['config'] } = {}): Promise<E2E> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`no web build in ${WEB_DIR}: run \`npm run build\` first (npm run test:e2e does)`);
  }
  if (!existsSync(CHROMIUM.executablePath)) {
    throw new Error(`Chromium not found at ${CHROMIUM.executablePath}: apt-get install -y chromium`);
  }
  const server = await startTestServer({ config: { ...opts.config, webDir: WEB_DIR } });
  let browser: Browser;
  try {
    browser = await sharedBrowser();
  } catch (err) {
    await server.close();
    throw err;
  }
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async page({ as = 'admin', viewport = { width: 1280, height: 800 } } = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport,
        extraHTTPHeaders: as === null ? {} : server.headers(as),
      });
      contexts.push(context);
      const page = await context.newPage();
      // generous: the browser tests share two cores with the rest of the suite
      page.setDefaultTimeout(20_000);
      return page;
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await server.close();
    },
  };
}

/** Closes the messages (toasts) so a screenshot shows the page under them. */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Messages' }).getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

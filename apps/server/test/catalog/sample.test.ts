import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStoredScraper } from '../../src/catalog/runs/run.js';
import { createSampleScraper } from '../../src/catalog/sample.js';
import { ManualClock } from '../../src/clock.js';
import { DEFAULT_SANDBOX } from '../../src/sandbox/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

describe('sample scraper run', { timeout: 120_000 }, () => {
  let server: TestServer;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    server = await startTestServer({ clock });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const items = () =>
    server.db.kysely
      .selectFrom('config_items')
      .select(['id', 'name', 'type', 'config_class', 'health'])
      .where('deleted_at', 'is', null)
      .orderBy('type')
      .execute();

  it('scrapes the host, its filesystems and network interfaces, related to the host', async () => {
    const id = (await createSampleScraper(server.ctx)) as string;
    const row = { id, name: 'this-host', namespace: 'default' };
    const spec = (
      await server.db.kysely.selectFrom('config_scrapers').select('spec').where('id', '=', id).executeTakeFirstOrThrow()
    ).spec;
    const first = await runStoredScraper(server.db, { ...row, spec }, { clock, sandbox: DEFAULT_SANDBOX });
    expect(first.errors).toEqual([]);
    const scraped = await items();
    const types = new Set(scraped.map((i) => i.type));
    expect(types).toEqual(new Set(['Host', 'Host::Filesystem', 'Host::NetworkInterface']));
    const host = scraped.find((i) => i.type === 'Host');
    expect(host?.name).toBe(os.hostname());
    expect(host?.health).toBe('healthy');

    // every filesystem and interface hangs off the host
    const related = await server.db.kysely
      .selectFrom('config_relationships')
      .select(['config_id', 'related_id'])
      .where('deleted_at', 'is', null)
      .execute();
    const children = scraped.filter((i) => i.type !== 'Host').map((i) => i.id);
    expect(children.length).toBeGreaterThan(1);
    for (const child of children) {
      expect(related.some((r) => r.config_id === host?.id && r.related_id === child)).toBe(true);
    }

    // what moved since the last scrape is a change of the host (here: the stored free memory was older)
    await server.db.kysely
      .updateTable('config_items')
      .set({ config: JSON.stringify({ kind: 'Host', freeMemoryMiB: -1 }) })
      .where('id', '=', host?.id as string)
      .execute();
    clock.advance(5 * 60_000);
    const second = await runStoredScraper(server.db, { ...row, spec }, { clock, sandbox: DEFAULT_SANDBOX });
    expect(second.errors).toEqual([]);
    const changes = await server.db.kysely
      .selectFrom('config_changes')
      .select(['change_type'])
      .where('config_id', '=', host?.id as string)
      .execute();
    expect(changes.map((c) => c.change_type)).toContain('diff');
  });
});

import type { AppContext } from '../context.js';
import { storeFirstRuns } from './runs/lease.js';
import { saveScrapeConfig } from './scrapeConfigs.js';
import { validateScrapeConfig } from './scrapeConfigYaml.js';

/**
 * The script of the sample scraper: the host OpsDeck runs on, as Node.js sees it. It prints one
 * JSON array: the host, its filesystems (the root, the temporary folder) and its network
 * interfaces, each naming the host so the scraper relates them; a filesystem 85% full is a
 * warning, 95% unhealthy. Free memory, load and free space are rounded so a later scrape
 * records a change when they really moved, not at every run.
 */
const HOST_SCRIPT = `#!/usr/bin/env node
const os = require('node:os');
const fs = require('node:fs');
const host = os.hostname();
const round = (n, step) => Math.round(n / step) * step;
const items = [{
  kind: 'Host', type: 'Host', id: 'host/' + host, name: host, host, health: 'healthy',
  platform: os.platform(), release: os.release(), arch: os.arch(),
  cpus: os.cpus().length, cpuModel: (os.cpus()[0] || {}).model || 'unknown',
  memoryMiB: Math.round(os.totalmem() / 1048576),
  freeMemoryMiB: round(os.freemem() / 1048576, 64),
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  uptimeHours: Math.floor(os.uptime() / 3600),
  node: process.version,
}];
const seen = new Set();
for (const dir of ['/', os.tmpdir()]) {
  try {
    const s = fs.statfsSync(dir);
    const key = s.type + ':' + s.blocks;
    if (seen.has(key)) continue;
    seen.add(key);
    const size = s.blocks * s.bsize, free = s.bavail * s.bsize;
    const used = size ? Math.round((1 - free / size) * 100) : 0;
    items.push({
      kind: 'Filesystem', type: 'Host::Filesystem', id: 'fs/' + host + dir, name: dir, host,
      sizeGiB: Math.round(size / 1073741824 * 10) / 10,
      freeGiB: Math.round(free / 1073741824 * 10) / 10,
      usedPercent: used,
      health: used >= 95 ? 'unhealthy' : used >= 85 ? 'warning' : 'healthy',
    });
  } catch {}
}
for (const [name, addrs] of Object.entries(os.networkInterfaces())) {
  items.push({
    kind: 'NetworkInterface', type: 'Host::NetworkInterface', id: 'nic/' + host + '/' + name, name, host,
    internal: (addrs || []).some((a) => a.internal),
    addresses: (addrs || []).map((a) => a.family + ' ' + a.cidr),
    mac: (addrs && addrs[0] && addrs[0].mac) || '',
    health: 'healthy',
  });
}
console.log(JSON.stringify(items));
`;

/**
 * The sample scraper of a fresh embedded database: this host (its filesystems and network
 * interfaces linked to it), scraped every 5 minutes by an exec scraper that needs no credentials,
 * so /catalog, its changes and relationships have rows on day one. Created with the sample canary
 * (OPSDECK_SAMPLE_DATA).
 */
export function sampleScrapeConfig() {
  return {
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: {
      name: 'this-host',
      namespace: 'default',
      labels: { app: 'opsdeck', sample: 'true' },
      annotations: { description: 'The host OpsDeck runs on: its filesystems and network interfaces' },
    },
    spec: {
      schedule: '@every 5m',
      exec: [
        {
          script: HOST_SCRIPT,
          id: '$.id',
          name: '$.name',
          type: '$.type',
          class: '$.kind',
          health: '$.health',
          transform: {
            // filesystems and interfaces belong to their host: the host leads to them
            relationship: [
              {
                filter: "config.kind != 'Host'",
                type: { value: 'Host' },
                external_id: { expr: "'host/' + config.host" },
                parent: true,
              },
            ],
          },
        },
      ],
    },
  };
}

/**
 * Stores the sample scraper and makes its first run due within seconds. Not created when exec is
 * turned off on this server (OPSDECK_EXEC=off): it could never run.
 */
export async function createSampleScraper(ctx: AppContext): Promise<string | undefined> {
  if (ctx.config.sandbox.exec === 'off') return undefined;
  const config = validateScrapeConfig(sampleScrapeConfig());
  const saved = await saveScrapeConfig(ctx.db.kysely, config, { source: 'System' });
  await storeFirstRuns(ctx.db, [{ id: saved.id, at: new Date(ctx.clock.now().getTime() + 2000) }], false);
  return saved.id;
}

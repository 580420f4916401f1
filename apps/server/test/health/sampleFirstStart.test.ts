import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { firstStarts } from '../helpers/firstStart.js';

// A first start runs initdb and every migration on an embedded database whatever engine the
// other tests use: these run once per test run (vitest.config.ts, engine-independent files).

const starts = firstStarts('opsdeck-sample-');
afterAll(() => starts.cleanup());

async function boot(env: Record<string, string> = {}): Promise<RunningServer> {
  return (await starts.start(env)).server;
}

async function checkMetrics(server: RunningServer): Promise<string[]> {
  const text = await (await fetch(`${server.url.replace('localhost', '127.0.0.1')}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith('canary_check{'));
}

describe('sample canary', { timeout: 120_000 }, () => {
  it('checks OpsDeck itself over http, tcp and dns on a fresh embedded database', async () => {
    const server = await boot();
    let lines: string[] = [];
    for (let i = 0; i < 150 && lines.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 200));
      lines = await checkMetrics(server);
    }
    expect(lines.map((l) => /type="(\w+)"/.exec(l)?.[1]).sort()).toEqual(['dns', 'http', 'tcp']);
    // 0 means passing
    expect(lines.every((l) => l.includes('canary_name="opsdeck-self"') && l.endsWith(' 0'))).toBe(true);
  });

  it('is not created with OPSDECK_SAMPLE_DATA=false', async () => {
    const server = await boot({ OPSDECK_SAMPLE_DATA: 'false' });
    await new Promise((r) => setTimeout(r, 4000));
    expect(await checkMetrics(server)).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { type RunningServer, startServer } from '../../src/server.js';

/**
 * Starts OpsDeck as on its first start: a new embedded data dir, `env` set while it starts (sample
 * data switches are read then). Answers the server and its data dir; `cleanup()` stops every
 * server started here and removes their dirs (call it in afterAll).
 */
export function firstStarts(prefix: string) {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  return {
    async start(env: Record<string, string> = {}): Promise<{ server: RunningServer; dir: string }> {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        const config = { ...loadConfig({ LOG_LEVEL: 'silent', OPSDECK_DATA_DIR: dir }), port: 0, host: '127.0.0.1' };
        const server = await startServer({ ...config, webDir: undefined });
        servers.push(server);
        return { server, dir };
      } finally {
        process.env = saved;
      }
    },
    async cleanup(): Promise<void> {
      for (const s of servers) await s.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

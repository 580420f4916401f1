import { it } from 'vitest';
import { createTestDb } from './helpers/db.js';
import { startTestServer } from './helpers/server.js';
it('times', async () => {
  for (let i = 0; i < 3; i++) {
    let t = Date.now();
    const db = await createTestDb();
    const a = Date.now() - t; t = Date.now();
    const s = await startTestServer({ db });
    const b = Date.now() - t; t = Date.now();
    const r = await s.fetch('/api/health/summary'); await r.text();
    const c = Date.now() - t; t = Date.now();
    await s.close(); await db.close();
    console.log({ db: a, app: b, firstReq: c, cpu: process.cpuUsage() });
  }
}, 300000);

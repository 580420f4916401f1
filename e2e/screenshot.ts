// Screenshots of the web app for eyeballing and the docs:
//   npm run build && npx tsx e2e/screenshot.ts [path ...] [--out dir] [--as role] [--width 1440]
// With no path it shoots the shell at /topology into docs/screenshots/shell.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Role } from '@opsdeck/schema/rbac';
import { startE2E } from './harness.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../docs/screenshots') },
    as: { type: 'string', default: 'admin' },
    width: { type: 'string', default: '1440' },
    height: { type: 'string', default: '900' },
    collapsed: { type: 'boolean', default: false },
  },
});

const targets = positionals.length > 0 ? positionals : ['/topology'];
const e2e = await startE2E();
try {
  mkdirSync(values.out, { recursive: true });
  const page = await e2e.page({
    as: values.as as Role,
    viewport: { width: Number(values.width), height: Number(values.height) },
  });
  for (const target of targets) {
    await page.goto(target);
    if (values.collapsed) await page.evaluate(() => localStorage.setItem('sidebarCollapsed', 'true'));
    if (values.collapsed) await page.reload();
    await page
      .getByRole('banner')
      .waitFor()
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    const name = positionals.length === 0 ? 'shell' : target.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
    const file = path.join(values.out, `${name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
} finally {
  await e2e.close();
}

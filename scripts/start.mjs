// `npm start`: builds the web app when its build is missing or older than its sources, and the
// server's bundle when its sources changed (apps/server/bin/bundle.mjs), then serves OpsDeck
// (`opsdeck serve`, extra arguments passed through) on the embedded database unless DATABASE_URL
// is set.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBundle, newestChange } from '../apps/server/bin/bundle.mjs';
import { SERVER_NODE_FLAGS } from '../apps/server/bin/nodeFlags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/schema/src'];

const builtAt = newestChange(index);
const sourcesAt = Math.max(...sources.map((s) => newestChange(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding...' : 'Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await ensureBundle();
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/bin/opsdeck.mjs'), 'serve', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

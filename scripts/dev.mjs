// `npm run dev`: the server with reload on change (port 8080) and the Vite dev server with hot
// reload (port 5173, proxying /api to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/bin/opsdeck.mjs', 'serve'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, OPSDECK_FROM_SOURCES: '1' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@opsdeck/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());

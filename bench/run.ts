// `npm run bench -- <scenario> [options]`: runs one benchmark scenario and prints its figures.
// Scenarios live in bench/scenarios/<name>.ts and export `run(argv: string[]): Promise<void>`.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join(import.meta.dirname, 'scenarios');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
const [name, ...argv] = process.argv.slice(2);

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <scenario> [options]\nscenarios: ${available.join(', ') || '(none yet)'}`);
  process.exit(name ? 2 : 0);
}
const scenario = (await import(path.join(dir, `${name}.ts`))) as { run(argv: string[]): Promise<void> };
await scenario.run(argv);

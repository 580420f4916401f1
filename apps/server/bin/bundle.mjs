// The server as one esbuild bundle, what `opsdeck` runs when it is current (`npm start` and the
// image build it; tests build their own). Loading ~1,300 TypeScript modules through tsx costs
// seconds of CPU at every start, and tsx names every closure it compiles (esbuild's keepNames),
// which adds a property array to each closure made while the server runs. Packages stay imports
// (but for INLINED); the workspace's code is inlined, each module keeping its own import.meta, so
// worker scripts, migrations and the web build are found where they are in the source tree.
//
// `node bin/bundle.mjs` builds it when the sources changed and prints its entry.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const server = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.resolve(server, '../../packages/schema/src'),
  import.meta.filename,
];
/** Inside the server's node_modules, so the bundle's package imports resolve as the sources' do. */
const CACHE = path.join(server, 'node_modules/.cache/opsdeck-server');
/** Bundles kept: a server still running an older one may load one of its chunks later. */
const KEEP = 3;

/**
 * Packages inlined into the bundle as well: pure ESM that only the server imports and that finds
 * no file of its own at run time. Kysely alone is 260 modules, each a resolve, a stat and a read at
 * every start. Packages another package imports too (zod, which fastify's type provider inspects)
 * stay imports, so both see one copy.
 */
const INLINED = /^(kysely|@bufbuild\/(cel|cel-spec|protobuf|re2))(\/|$)/;

const ownImportMeta = {
  name: 'own-import-meta',
  setup(b) {
    // every package import stays an import, except the workspace's own schema package and INLINED
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@opsdeck/') || INLINED.test(args.path) ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds the bundle into `outdir` (about a second); answers the entry's path. */
export async function buildBundle(outdir) {
  const { build } = await import('esbuild');
  await build({
    stdin: {
      contents: "import { main } from './src/cli/index.ts';\nprocess.exitCode = await main(process.argv.slice(2));\n",
      resolveDir: server,
      sourcefile: 'opsdeck-bundle.ts',
      loader: 'ts',
    },
    outdir,
    entryNames: 'opsdeck',
    // real modules per lazily loaded command, so a module awaiting at its top level is awaited
    splitting: true,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMeta],
  });
  return path.join(outdir, 'opsdeck.mjs');
}

/** The newest change time under `p` (a file or a directory tree), 0 when it does not exist. */
export function newestChange(p) {
  let st;
  try {
    st = statSync(p);
  } catch (err) {
    if (err.code === 'ENOENT') return 0; // absent, or removed while the tree was walked
    throw err;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a directory's time moves when a file in it is added or removed
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestChange(path.join(p, entry)));
  return newest;
}

/** Where the bundle of the sources as they are now lives (the paths are in it, so they are in the key). */
function bundleDir() {
  const key = createHash('sha256')
    .update(JSON.stringify([server, process.version, ...SOURCES.map(newestChange)]))
    .digest('hex')
    .slice(0, 16);
  return path.join(CACHE, key);
}

/** The entry of the bundle built from the sources as they are now, if there is one (a stat of each source file). */
export function currentBundle() {
  const entry = path.join(bundleDir(), 'opsdeck.mjs');
  return existsSync(entry) ? entry : undefined;
}

/** The current bundle's entry, built first when the sources changed since the last build. */
export async function ensureBundle() {
  const dir = bundleDir();
  const entry = path.join(dir, 'opsdeck.mjs');
  if (existsSync(entry)) return entry;
  mkdirSync(CACHE, { recursive: true });
  // built aside and renamed into place, so two starts at once never run a half-written bundle
  const scratch = `${dir}.${process.pid}.tmp`;
  rmSync(scratch, { recursive: true, force: true });
  await buildBundle(scratch);
  try {
    renameSync(scratch, dir);
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(entry)) throw err;
  }
  const older = readdirSync(CACHE)
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ name, at: statSync(path.join(CACHE, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(KEEP);
  for (const { name } of older) rmSync(path.join(CACHE, name), { recursive: true, force: true });
  return entry;
}

if (process.argv[1] === import.meta.filename) console.log(await ensureBundle());

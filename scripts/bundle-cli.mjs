// Bundles the `opsdeck` command for the tests that start it many times: loading ~1,300 TypeScript
// modules through tsx costs seconds of CPU per start, a bundle a fraction of that. Packages stay
// imports (but for INLINED below); the workspace's code is inlined, each module keeping its own
// import.meta (so worker scripts, migrations and the web build are found where they are in the
// source tree).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '../apps/server');

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
export async function bundleCli(outdir) {
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

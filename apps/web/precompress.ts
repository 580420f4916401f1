import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli and a gzip copy beside every built text file over 1 KB, compressed once at the
 * highest levels, so the server sends them as they are instead of compressing each page load.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'opsdeck-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => TEXT.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

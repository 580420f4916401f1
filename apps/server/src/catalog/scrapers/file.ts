import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileScraper, fileScraperSchema } from '@opsdeck/schema';
import { parseAllDocuments } from 'yaml';
import { globToRegExp, listFiles } from '../../integrations/files.js';
import { allowedPath, type FileAccess, FileAccessError } from '../../sandbox/fileRoots.js';
import { cachedCheckout, parseGitUrl } from './lib/git.js';
import { parseProperties } from './lib/properties.js';
import type { ScrapedDocument, ScraperType } from './types.js';

/**
 * Reads local files: every file matched by `paths` (globs, relative to the working directory)
 * and by no `ignore` glob becomes one document (a YAML file with several documents, one per
 * document). JSON and YAML are parsed, `format: properties` (or a .properties file) too; anything
 * else is kept as text. Only paths under the file roots are read (sandbox/fileRoots.ts), symlinks
 * included; `opsdeck scrape` reads what its user can.
 * With a git `url`, `paths` are globs inside a cached checkout of it (lib/git.ts), and only files
 * inside that checkout are read.
 */

const GLOB = /[*?[]/;

/** Files read at once. */
const READ_AHEAD = 16;

/** The directory a path glob starts from (`/srv/data/**\/*.json` -> `/srv/data`). */
function baseOf(pattern: string): string {
  if (!GLOB.test(pattern)) return pattern;
  const parts = pattern.split('/');
  return (
    parts
      .slice(
        0,
        parts.findIndex((p) => GLOB.test(p)),
      )
      .join('/') || '/'
  );
}

/** Whether an `ignore` glob matches the file by its full path, its path under `base`, or its name. */
function ignored(file: string, base: string, ignore: RegExp[]): boolean {
  const rel = path.relative(base, file);
  return ignore.some((re) => re.test(file) || re.test(rel) || re.test(path.basename(file)));
}

/** Parses a file's text by `format`, else by extension, else JSON then YAML, else text. */
export function parseFileText(text: string, file: string, format?: string): unknown[] {
  const ext = path.extname(file).toLowerCase();
  if (format === 'properties' || (!format && ext === '.properties')) return [parseProperties(text)];
  if (format === 'json' || (!format && ext === '.json')) return [JSON.parse(text)];
  if (!format && ext !== '.yaml' && ext !== '.yml') {
    try {
      return [JSON.parse(text)];
    } catch {
      // not JSON: YAML below, which also takes plain text as a string
    }
  }
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const values: unknown[] = [];
  for (const doc of list) {
    if (doc.errors.length) throw new Error(`invalid YAML: ${doc.errors[0]?.message.split('\n')[0]}`);
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

export const fileScraper: ScraperType<FileScraper> = {
  type: 'file',
  schema: fileScraperSchema,
  async scrape(spec, ctx) {
    const documents: ScrapedDocument[] = [];
    const errors: string[] = [];
    const ignore = (spec.ignore ?? []).map(globToRegExp);
    const seen = new Set<string>();
    let access: FileAccess = ctx.fileRoots;
    let cwd = process.cwd();
    let sourceOf = (file: string) => file;
    if (spec.url) {
      const src = parseGitUrl(spec.url);
      cwd = await cachedCheckout(src, {
        user: ctx.sandbox.user,
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        fileRoots: ctx.fileRoots,
      });
      access = { fileRoots: [cwd], dataDir: ctx.fileRoots.dataDir };
      const root = cwd;
      sourceOf = (file) => `${src.url}/${path.relative(root, file)}`;
    }
    for (const pattern of spec.paths) {
      const absolute = path.resolve(cwd, pattern);
      const base = baseOf(absolute);
      let files: string[];
      try {
        await allowedPath(base, access);
        files = GLOB.test(absolute) ? (await listFiles(absolute, false, access)).map((f) => f.path) : [absolute];
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') errors.push(`${pattern}: no such file or directory`);
        else errors.push(err instanceof FileAccessError ? err.message : `${pattern}: ${(err as Error).message}`);
        continue;
      }
      const wanted = files.sort().filter((file) => !seen.has(file) && !ignored(file, base, ignore));
      for (const file of wanted) seen.add(file);
      // read a few files at a time, keeping their order
      for (let i = 0; i < wanted.length; i += READ_AHEAD) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('scrape aborted');
        const read = await Promise.all(
          wanted.slice(i, i + READ_AHEAD).map(async (file) => {
            try {
              const text = await readFile(await allowedPath(file, access), 'utf8');
              return { file, configs: parseFileText(text, file, spec.format) };
            } catch (err) {
              return {
                file,
                error: err instanceof FileAccessError ? err.message : `${file}: ${(err as Error).message}`,
              };
            }
          }),
        );
        for (const r of read) {
          if (r.error) errors.push(r.error);
          for (const config of r.configs ?? []) documents.push({ config, source: sourceOf(r.file) });
        }
      }
    }
    return { documents, errors };
  },
};

import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROUTES_DIR = path.resolve(import.meta.dirname, '../apps/web/src/app/routes');
const read = (file: string) => readFileSync(path.join(ROUTES_DIR, file), 'utf8');

/**
 * Every path pattern of the web app's route config (apps/web/src/app/routes), read from its
 * source so a screen added there is crawled without editing the crawl: the literal `path:`
 * entries, the catalog item's tab routes and the two routes of each generic settings table.
 * Reading the source rather than importing it keeps the web app's modules out of Node.
 */
export function routePatterns(): string[] {
  const main = read('mainRoutes.tsx');
  const settings = read('settingsRoutes.tsx');
  const literal = [...`${main}\n${settings}`.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1] as string);
  const tabList = main.match(/\(\[([^\]]+)\] as const\)\.map\(\s*\(tab\)/)?.[1] ?? '';
  const tabs = [...tabList.matchAll(/'([^']+)'/g)].map((m) => `/catalog/:id/${m[1]}`);
  const tableList = settings.slice(settings.indexOf('export const resourceTables'));
  const tables = [...tableList.matchAll(/\btable: '([^']+)'/g)].flatMap((m) => [
    `/settings/${m[1]}`,
    `/settings/${m[1]}/:id`,
  ]);
  if (tabs.length === 0 || tables.length === 0) throw new Error('route config changed shape: update crawl-routes.ts');
  return [...new Set([...literal, ...tabs, ...tables])];
}

/**
 * The pattern with each `:param` filled from `samples`, whose keys are path prefixes: the longest
 * prefix of the pattern wins (`/catalog/scrapers` over `/catalog`). Throws when none has the param.
 */
export function fillPattern(pattern: string, samples: Record<string, Record<string, string>>): string {
  const prefix = Object.keys(samples)
    .filter((p) => pattern === p || pattern.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = prefix === undefined ? undefined : samples[prefix]?.[name];
    if (value === undefined) throw new Error(`no sample for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

import { mapChange } from '../catalog/external.js';
import { collectScrape } from '../catalog/scrape.js';
import { parseScrapeConfigFile } from '../catalog/scrapeConfigYaml.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { connectionSecretBox } from '../connections/secrets.js';
import { ConnectionResolver } from '../connections/store.js';
import { type Db, openDatabase } from '../db/connection.js';
import { closeCheckDrivers } from '../health/index.js';
import { cliSandboxPolicy } from '../sandbox/config.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';
import { readResourceFiles } from './readResources.js';

/** One element of `opsdeck scrape --json`: a config item as the scrape saw it. */
export interface ScrapeLine {
  scraper: string;
  id: string;
  name: string;
  type: string;
  class: string;
  health: string | null;
  status: string | null;
  config: unknown;
  /** Changes the scraper reported (events, `full: true` entries); a diff needs a stored earlier version, so none here. */
  changes: unknown[];
}

function formatLine(l: ScrapeLine): string {
  const state = [l.health && `health=${l.health}`, l.status && `status=${l.status}`].filter(Boolean).join(' ');
  return `ITEM  ${l.scraper}  ${l.type}  ${l.id}  ${l.name}${state ? `  ${state}` : ''}`;
}

export const scrapeCommand: Command = {
  usage: [
    'Usage: opsdeck scrape [--json] FILE...',
    '',
    'Runs every scraper of every ScrapeConfig in the files once, without a server and without',
    'storing anything, and prints one line per config item (scrape config, type, id, name,',
    'health, status); errors and settings not applied yet go to stderr. --json prints an array of',
    '{scraper, id, name, type, class, health, status, config, changes}. File scrapers read any',
    'path you can read (OPSDECK_FILE_ROOTS is for the server). Exit code: 0 success, 1 a scraper',
    'failed, 2 invalid input.',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } });
    if (!positionals.length) throw new UsageError('name at least one ScrapeConfig file');
    const { items: configs, invalid } = readResourceFiles('scrape', positionals, parseScrapeConfigFile);
    if (invalid) return 2;

    const config = loadConfig();
    const text = JSON.stringify(configs);
    let db: Db | undefined;
    if (text.includes('connection://') || text.includes('valueFrom')) {
      db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    }
    const resolver = db ? new ConnectionResolver(db, connectionSecretBox(config)) : undefined;
    // the CLI reads files as the person running it can; OPSDECK_FILE_ROOTS guards the server
    const sandbox = cliSandboxPolicy(config);
    const fileRoots = sandbox;
    const lines: ScrapeLine[] = [];
    let failed = false;
    try {
      for (const scrapeConfig of configs) {
        const name = scrapeConfig.metadata.name;
        const { results, warnings } = await collectScrape(scrapeConfig, {
          clock: systemClock,
          fileRoots,
          sandbox,
          ...(resolver ? { resolver } : {}),
        });
        for (const w of warnings) console.error(`WARN  ${name}: ${w}`);
        for (const result of results) {
          for (const e of result.errors) console.error(`ERROR  ${name}/${e}`);
          failed ||= result.errors.length > 0;
          for (const item of result.items) {
            const line: ScrapeLine = {
              scraper: name,
              id: item.externalId,
              name: item.name,
              type: item.type,
              class: item.configClass,
              health: item.health,
              status: item.status,
              config: item.config,
              changes: result.changes
                .filter((c) => c.externalId === item.externalId && (!c.configType || c.configType === item.type))
                .map((c) => mapChange(c, { exclude: result.changesExclude, mapping: result.changesMapping }))
                .filter((c) => c !== undefined)
                .map((c) => ({
                  external_change_id: c.externalChangeId,
                  change_type: c.changeType,
                  severity: c.severity ?? 'info',
                  source: c.source ?? null,
                  summary: c.summary ?? null,
                  created_at: c.createdAt?.toISOString() ?? null,
                })),
            };
            lines.push(line);
            if (!values.json) console.log(formatLine(line));
          }
        }
      }
    } finally {
      await closeCheckDrivers();
      await db?.close();
    }
    if (values.json) console.log(JSON.stringify(lines, null, 2));
    return failed ? 1 : 0;
  },
};

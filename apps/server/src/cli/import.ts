import { readFileSync } from 'node:fs';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { connectionSecretBox } from '../connections/secrets.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { planImport } from '../importers/parse.js';
import { IMPORT_SOURCES, ImportInputError, type ImportSource } from '../importers/plan.js';
import { formatSummary } from '../importers/report.js';
import { importPlan, summarize } from '../importers/store.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';

export const importCommand: Command = {
  usage: [
    'Usage: opsdeck import kuma|gatus FILE [--dry-run] [--namespace NS]',
    '',
    'Turns an Uptime Kuma backup (JSON, from Settings > Backup) or a Gatus configuration (YAML) into',
    'canaries, connections and notification rules, stored in one transaction in namespace NS',
    '(default: kuma or gatus). --dry-run prints what would be created and what cannot be carried over',
    'without storing anything. Uses DATABASE_URL when set, otherwise the embedded database in',
    'OPSDECK_DATA_DIR (./data). Exit code: 0 done, 2 unreadable input.',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(argv, {
      'dry-run': { type: 'boolean' },
      namespace: { type: 'string', short: 'n' },
    });
    const [source, file, ...extra] = positionals;
    if (!source || !IMPORT_SOURCES.includes(source as ImportSource))
      throw new UsageError('name the source: kuma or gatus');
    if (!file || extra.length) throw new UsageError('name one file to import');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      console.error(
        `opsdeck import: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
      return 2;
    }
    let plan: ReturnType<typeof planImport>;
    try {
      plan = planImport(source as ImportSource, text, values.namespace);
    } catch (err) {
      if (!(err instanceof ImportInputError || err instanceof RangeError)) throw err;
      console.error(`opsdeck import: ${file}: ${err.message}`);
      return 2;
    }
    if (values['dry-run']) {
      console.log(formatSummary(summarize(plan, true)));
      return 0;
    }
    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const box = connectionSecretBox(config);
      const summary = await importPlan(db.kysely, plan, { box, clock: systemClock, createdBy: null });
      console.log(formatSummary(summary));
      return 0;
    } finally {
      await db.close();
    }
  },
};

import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { parseFlags } from './args.js';
import type { Command } from './index.js';

export const migrateCommand: Command = {
  usage:
    'Usage: opsdeck migrate\n\nUses DATABASE_URL when set, otherwise the embedded database in OPSDECK_DATA_DIR (./data).',
  async run(argv) {
    parseFlags(argv, {});
    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const result = await migrate(db);
      if (result.applied.length) console.log(`applied ${result.applied.join(', ')}`);
      console.log(`database is up to date (${result.applied.length + result.skipped} migrations)`);
      return 0;
    } finally {
      await db.close();
    }
  },
};

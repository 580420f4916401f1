import { readFileSync } from 'node:fs';
import type { CanaryResource } from '@opsdeck/schema';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { saveCanary } from '../health/canaries.js';
import { CanaryFileError, parseCanaryFile } from '../health/canaryYaml.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';

export const applyCommand: Command = {
  usage: [
    'Usage: opsdeck apply -f FILE [-f FILE...]',
    '',
    'Validates every Canary in the files, then stores them all in one transaction (nothing is',
    'stored when any is invalid). A canary with the same name and namespace from a file is updated.',
    'Uses DATABASE_URL when set, otherwise the embedded database in OPSDECK_DATA_DIR (./data).',
    'Exit code: 0 stored, 2 invalid input.',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(argv, { file: { type: 'string', short: 'f', multiple: true } });
    const files = [...(values.file ?? []), ...positionals];
    if (!files.length) throw new UsageError('name the files to apply with -f FILE');
    const canaries: Array<{ file: string; canary: CanaryResource }> = [];
    let invalid = false;
    for (const file of files) {
      try {
        for (const canary of parseCanaryFile(readFileSync(file, 'utf8'), file)) canaries.push({ file, canary });
      } catch (err) {
        if (err instanceof CanaryFileError) for (const p of err.problems) console.error(p);
        else if ((err as NodeJS.ErrnoException).code)
          console.error(`opsdeck apply: cannot read ${file}: ${(err as NodeJS.ErrnoException).code}`);
        else throw err;
        invalid = true;
      }
    }
    if (invalid) return 2;
    const config = loadConfig();
    // whoever runs the CLI has the server's own access; OPSDECK_EXEC=off still refuses exec specs
    for (const { file, canary } of canaries) {
      const refusal = execWriteRefusal(config.sandbox.exec, 'operator', canary.spec);
      if (refusal) {
        console.error(`${file}: canary ${canary.metadata.name}: ${refusal}`);
        invalid = true;
      }
    }
    if (invalid) return 2;
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const saved = await db.kysely.transaction().execute(async (trx) => {
        const out: string[] = [];
        for (const { canary } of canaries) {
          const s = await saveCanary(trx, canary, { source: 'ConfigFile', clock: systemClock });
          const n = Object.keys(s.checks).length;
          out.push(
            `canary ${canary.metadata.namespace ?? 'default'}/${canary.metadata.name} ${s.created ? 'created' : 'configured'} (${n} check${n === 1 ? '' : 's'})`,
          );
        }
        return out;
      });
      for (const line of saved) console.log(line);
      return 0;
    } finally {
      await db.close();
    }
  },
};

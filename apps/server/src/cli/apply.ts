import { type ApplyDocument, readApplyDocuments } from '../apply/reader.js';
import { APPLY_KINDS } from '../apply/registry.js';
import { type AppliedDocument, ApplyError, applyDocuments } from '../apply/service.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';
import { readResourceFiles } from './readResources.js';

const KIND_NAMES = Object.keys(APPLY_KINDS);

/** `opsdeck apply` and `opsdeck delete`: the files' documents through the one apply service. */
function fileCommand(mode: 'apply' | 'delete'): Command {
  const verb = mode === 'apply' ? 'stores' : 'removes';
  return {
    usage: [
      `Usage: opsdeck ${mode} [--dry-run] -f FILE [-f FILE...]`,
      '',
      `Validates every document of the files (${KIND_NAMES.join(', ')}), then ${verb}`,
      'them all in one transaction: nothing changes when any is invalid. Each line says what happened:',
      'created, updated, unchanged or deleted. --dry-run prints the same and writes nothing.',
      'Uses DATABASE_URL when set, otherwise the embedded database in OPSDECK_DATA_DIR (./data).',
      'Exit code: 0 done, 2 invalid input.',
    ].join('\n'),
    async run(argv) {
      const { values, positionals } = parseFlags(argv, {
        file: { type: 'string', short: 'f', multiple: true },
        'dry-run': { type: 'boolean' },
      });
      const files = [...(values.file ?? []), ...positionals];
      if (!files.length) throw new UsageError(`name the files to ${mode} with -f FILE`);
      const { items, invalid } = readResourceFiles<ApplyDocument>(mode, files, readApplyDocuments);
      if (invalid) return 2;
      const config = loadConfig();
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const dryRun = values['dry-run'] === true;
      let results: AppliedDocument[];
      try {
        await migrate(db);
        // whoever runs the CLI has the server's own access; OPSDECK_EXEC=off still refuses exec specs
        results = await applyDocuments(db, items, { config, now: new Date(), subject: null, mode, dryRun });
      } catch (err) {
        if (!(err instanceof ApplyError)) throw err;
        console.error(err.message);
        return 2;
      } finally {
        await db.close();
      }
      for (const r of results)
        console.log(`${r.kind.toLowerCase()} ${r.namespace}/${r.name} ${r.result}${dryRun ? ' (dry run)' : ''}`);
      return 0;
    },
  };
}

export const applyCommand = fileCommand('apply');
export const deleteCommand = fileCommand('delete');

import { readFileSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { type ParsedResource, parseResourceFile, ResourceFileError } from '../resourceYaml.js';
import { APPLY_KINDS, type Applicable } from './applyKinds.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';

const VALIDATORS = Object.fromEntries(Object.entries(APPLY_KINDS).map(([k, v]) => [k, v.validate]));
const KIND_NAMES = Object.keys(APPLY_KINDS);

export const applyCommand: Command = {
  usage: [
    'Usage: opsdeck apply -f FILE [-f FILE...]',
    '',
    `Validates every ${KIND_NAMES.slice(0, -1).join(', ')} and ${KIND_NAMES.at(-1)} in the files, then stores`,
    'them all in one transaction (nothing is stored when any is invalid). A resource with the same',
    'name and namespace from a file is updated. Uses DATABASE_URL when set, otherwise the embedded database in',
    'OPSDECK_DATA_DIR (./data). Exit code: 0 stored, 2 invalid input.',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(argv, { file: { type: 'string', short: 'f', multiple: true } });
    const files = [...(values.file ?? []), ...positionals];
    if (!files.length) throw new UsageError('name the files to apply with -f FILE');
    const resources: Array<ParsedResource<Applicable>> = [];
    let invalid = false;
    for (const file of files) {
      try {
        resources.push(...parseResourceFile(readFileSync(file, 'utf8'), file, VALIDATORS));
      } catch (err) {
        if (err instanceof ResourceFileError) for (const p of err.problems) console.error(p);
        else if ((err as NodeJS.ErrnoException).code)
          console.error(`opsdeck apply: cannot read ${file}: ${(err as NodeJS.ErrnoException).code}`);
        else throw err;
        invalid = true;
      }
    }
    if (invalid) return 2;
    const config = loadConfig();
    // whoever runs the CLI has the server's own access; OPSDECK_EXEC=off still refuses exec specs
    for (const { kind, resource } of resources) {
      const refusal = APPLY_KINDS[kind]?.refusal?.(resource, config.sandbox.exec);
      if (refusal) {
        console.error(`${kind.toLowerCase()} ${resource.metadata.name}: ${refusal}`);
        invalid = true;
      }
    }
    if (invalid) return 2;
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const saved = await db.kysely.transaction().execute(async (trx) => {
        const out: string[] = [];
        for (const { kind, resource } of resources) {
          const where = `${resource.metadata.namespace ?? 'default'}/${resource.metadata.name}`;
          const saved = await (APPLY_KINDS[kind] as (typeof APPLY_KINDS)[string]).save(trx, resource);
          const detail = saved.detail ? ` ${saved.detail}` : '';
          out.push(`${kind.toLowerCase()} ${where} ${saved.created ? 'created' : 'configured'}${detail}`);
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

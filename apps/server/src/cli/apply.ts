import { readFileSync } from 'node:fs';
import type {
  ApplicationResource,
  CanaryResource,
  PlaybookResource,
  ScrapeConfigResource,
  TopologyResource,
  ViewResource,
} from '@opsdeck/schema';
import { validateApplication } from '../applications/applicationYaml.js';
import { saveApplication } from '../applications/store.js';
import { execScraperRefusal } from '../catalog/execPolicy.js';
import { saveScrapeConfig } from '../catalog/scrapeConfigs.js';
import { validateScrapeConfig } from '../catalog/scrapeConfigYaml.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { saveCanary } from '../health/canaries.js';
import { validateCanary } from '../health/canaryYaml.js';
import { playbookExecRefusal, savePlaybook } from '../playbooks/store.js';
import { validatePlaybook } from '../playbooks/yaml.js';
import { type ParsedResource, parseResourceFile, ResourceFileError } from '../resourceYaml.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { saveTopology } from '../topology/topologies.js';
import { topologyHasExec, validateTopology } from '../topology/topologyYaml.js';
import { saveView, validateView } from '../views/viewYaml.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';

type Applicable =
  | CanaryResource
  | ScrapeConfigResource
  | PlaybookResource
  | TopologyResource
  | ApplicationResource
  | ViewResource;

const KINDS: Record<string, (doc: unknown) => Applicable> = {
  Canary: validateCanary,
  ScrapeConfig: validateScrapeConfig,
  Playbook: validatePlaybook,
  Topology: validateTopology,
  Application: validateApplication,
  View: validateView,
};

export const applyCommand: Command = {
  usage: [
    'Usage: opsdeck apply -f FILE [-f FILE...]',
    '',
    'Validates every Canary, ScrapeConfig, Playbook, Topology, Application and View in the files, then stores them all in',
    'one transaction',
    '(nothing is stored when any is invalid). A resource with the same name and namespace from a',
    'file is updated. Uses DATABASE_URL when set, otherwise the embedded database in',
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
        resources.push(...parseResourceFile(readFileSync(file, 'utf8'), file, KINDS));
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
      if (kind === 'Application' || kind === 'View') continue; // they run nothing on this server
      if (kind === 'Topology') {
        if (config.sandbox.exec === 'off' && topologyHasExec((resource as TopologyResource).spec)) {
          console.error(
            `topology ${resource.metadata.name}: exec lookups are turned off on this server (OPSDECK_EXEC=off)`,
          );
          invalid = true;
        }
        continue;
      }
      const refusal =
        kind === 'Canary'
          ? execWriteRefusal(config.sandbox.exec, 'operator', (resource as CanaryResource).spec)
          : kind === 'Playbook'
            ? playbookExecRefusal(config.sandbox.exec, 'operator', (resource as PlaybookResource).spec)
            : execScraperRefusal(config.sandbox.exec, 'operator', (resource as ScrapeConfigResource).spec);
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
          if (kind === 'Application') {
            const a = await saveApplication(trx, resource as ApplicationResource, { source: 'ConfigFile' });
            out.push(`application ${where} ${a.created ? 'created' : 'configured'}`);
            continue;
          }
          if (kind === 'Topology') {
            const t = await saveTopology(trx, resource as TopologyResource, { source: 'ConfigFile' });
            out.push(`topology ${where} ${t.created ? 'created' : 'configured'}`);
            continue;
          }
          if (kind === 'View') {
            const v = await saveView(trx, resource as ViewResource, { source: 'ConfigFile' });
            out.push(`view ${where} ${v.created ? 'created' : 'configured'}`);
            continue;
          }
          if (kind === 'ScrapeConfig') {
            const s = await saveScrapeConfig(trx, resource as ScrapeConfigResource, { source: 'ConfigFile' });
            out.push(`scrapeconfig ${where} ${s.created ? 'created' : 'configured'}`);
            continue;
          }
          if (kind === 'Playbook') {
            const s = await savePlaybook(trx, resource as PlaybookResource, { source: 'ConfigFile' });
            out.push(`playbook ${where} ${s.created ? 'created' : 'configured'}`);
            continue;
          }
          const s = await saveCanary(trx, resource as CanaryResource, { source: 'ConfigFile', clock: systemClock });
          const n = Object.keys(s.checks).length;
          out.push(`canary ${where} ${s.created ? 'created' : 'configured'} (${n} check${n === 1 ? '' : 's'})`);
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

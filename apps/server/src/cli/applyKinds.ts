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
import type { Executor } from '../events/queue.js';
import { saveCanary } from '../health/canaries.js';
import { validateCanary } from '../health/canaryYaml.js';
import { playbookExecRefusal, savePlaybook } from '../playbooks/store.js';
import { validatePlaybook } from '../playbooks/yaml.js';
import type { ExecMode } from '../sandbox/config.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import { saveTopology } from '../topology/topologies.js';
import { validateTopology } from '../topology/topologyYaml.js';
import { saveView, validateView } from '../views/viewYaml.js';

/** A resource as `opsdeck apply` handles it: every kind has metadata. */
export interface Applicable {
  metadata: { name: string; namespace?: string };
}

/**
 * One kind `opsdeck apply -f` accepts: how a document is validated, why this server would refuse
 * to store it (exec turned off), and how it is stored (answering created or not). Whoever runs the
 * CLI has the server's own access, so refusals only follow OPSDECK_EXEC.
 */
interface ApplyKind<R extends Applicable> {
  validate(doc: unknown): R;
  refusal?(resource: R, exec: ExecMode): string | undefined;
  save(trx: Executor, resource: R): Promise<{ created: boolean; detail?: string }>;
}

const kind = <R extends Applicable>(k: ApplyKind<R>) => k as unknown as ApplyKind<Applicable>;
const fromFile = { source: 'ConfigFile' } as const;

/** The kinds, by the `kind:` of their documents. */
export const APPLY_KINDS: Record<string, ApplyKind<Applicable>> = {
  Canary: kind<CanaryResource>({
    validate: validateCanary,
    refusal: (r, exec) => execWriteRefusal(exec, 'operator', r.spec),
    async save(trx, r) {
      const s = await saveCanary(trx, r, { ...fromFile, clock: systemClock });
      const n = Object.keys(s.checks).length;
      return { created: s.created, detail: `(${n} check${n === 1 ? '' : 's'})` };
    },
  }),
  ScrapeConfig: kind<ScrapeConfigResource>({
    validate: validateScrapeConfig,
    refusal: (r, exec) => execScraperRefusal(exec, 'operator', r.spec),
    save: (trx, r) => saveScrapeConfig(trx, r, fromFile),
  }),
  Playbook: kind<PlaybookResource>({
    validate: validatePlaybook,
    refusal: (r, exec) => playbookExecRefusal(exec, 'operator', r.spec),
    save: (trx, r) => savePlaybook(trx, r, fromFile),
  }),
  Topology: kind<TopologyResource>({
    validate: validateTopology,
    refusal: (r, exec) => execWriteRefusal(exec, 'operator', r.spec, 'Topology'),
    save: (trx, r) => saveTopology(trx, r, fromFile),
  }),
  // applications and views select and show data: they run nothing on this server
  Application: kind<ApplicationResource>({
    validate: validateApplication,
    save: (trx, r) => saveApplication(trx, r, fromFile),
  }),
  View: kind<ViewResource>({ validate: validateView, save: (trx, r) => saveView(trx, r, fromFile) }),
};

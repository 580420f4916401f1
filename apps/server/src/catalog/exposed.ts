import { type RawBuilder, sql } from 'kysely';
import { assertAgent } from '../agents/index.js';
import type { AppContext } from '../context.js';
import { badRequest, DomainError } from '../errors.js';
import type { Subject } from '../rbac/resources.js';
import { SPEC_SECRETS } from '../rest/secrets.js';
import { createdBySubject, type ExposedTable, exposeFunction, exposeTable, type Row } from '../rest/whitelist.js';
import { execScraperRefusal } from './execPolicy.js';
import { ScrapeConfigValidationError, validateScrapeConfig } from './scrapeConfigYaml.js';
import './tables.js';

/**
 * The catalog tables and views under /api/db. There is one catalog resource,
 * `config_scrapers` (the permission object `catalog` covers it): every role that reads reads the
 * whole catalog; editors and admins write. Only two tables take writes from clients: scrapers (the
 * Settings > Catalog Scrapers editor) and manual component links ("Link to catalog"). Items,
 * changes, insights and relationships are written by the scrape engine alone.
 */

const readOnly: ExposedTable = { resource: 'config_scrapers', writable: false };

/** Validates a config_scrapers row's spec as a whole ScrapeConfig; answers the 400 a client can act on. */
function validateRow(row: Row, where: string): void {
  if (row.spec === undefined) return;
  try {
    validateScrapeConfig({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: typeof row.name === 'string' && row.name ? row.name : 'scraper' },
      spec: row.spec,
    });
  } catch (err) {
    if (err instanceof ScrapeConfigValidationError) {
      throw badRequest(`invalid scraper${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/** Refuses a spec with exec scrapers to whom OPSDECK_EXEC does not allow them (403). */
function checkExecAllowed(ctx: AppContext, subject: Subject, row: Row): void {
  const refusal = execScraperRefusal(ctx.config.sandbox.exec, subject.roles, row.spec);
  if (refusal) throw new DomainError('forbidden', refusal);
}

// "Link to catalog": a manual link unless the client names its selector.
const manualLink = { selector_id: () => 'manual' };
const byConfig = { kind: 'configs', column: 'config_id' } as const;

// the catalog's filter vocabularies, recomputed from the items a narrowed reader keeps (as in
// migration 110)
const items = (keep: (id: RawBuilder<unknown>) => RawBuilder<unknown>) =>
  sql`ci.deleted_at is null and ${keep(sql`ci.id`)}`;
const vocabularies: Record<string, (keep: (id: RawBuilder<unknown>) => RawBuilder<unknown>) => RawBuilder<unknown>> = {
  config_types: (keep) => sql`select distinct type from config_items ci where ${items(keep)}`,
  config_classes: (keep) => sql`select distinct config_class from config_items ci where ${items(keep)}`,
  config_statuses: (keep) =>
    sql`select distinct status from config_items ci where ${items(keep)} and status is not null`,
  config_tags: (keep) => sql`select distinct t.key, t.value from config_items ci,
    jsonb_each_text(case when jsonb_typeof(ci.tags) = 'object' then ci.tags end) t where ${items(keep)}`,
  config_labels: (keep) => sql`select distinct l.key, l.value from config_items ci,
    jsonb_each_text(case when jsonb_typeof(ci.labels) = 'object' then ci.labels end) l where ${items(keep)}`,
};

/** Serves the catalog's tables and views under /api/db; the app calls it when it starts. */
export function exposeCatalog(): void {
  exposeTable('config_scrapers', {
    resource: 'config_scrapers',
    writable: true,
    defaults: { created_by: createdBySubject },
    // inline credentials (a DSN's password, an http header) read masked, kept when sent back masked
    secrets: { spec: SPEC_SECRETS },
    async beforeWrite(ctx, input) {
      if (input.method === 'POST') {
        const many = (input.rows?.length ?? 0) > 1;
        const rows = (input.rows ?? []).map((row, i) => {
          const where = many ? `[${i}]` : '';
          if (row.spec === undefined) throw badRequest(`invalid scraper${where}: spec: This field is required`);
          validateRow(row, where);
          checkExecAllowed(ctx, input.subject, row);
          return { source: 'UI', ...row } as Row;
        });
        for (const [i, row] of rows.entries()) await assertAgent(ctx.db.kysely, row.agent_id, many ? `[${i}]` : '');
        return { rows };
      }
      if (input.method === 'PATCH' && input.patch) {
        validateRow(input.patch, '');
        checkExecAllowed(ctx, input.subject, input.patch);
        await assertAgent(ctx.db.kysely, input.patch.agent_id);
      }
      return undefined;
    },
  });
  exposeTable('config_component_relationships', {
    resource: 'config_scrapers',
    writable: true,
    defaults: manualLink,
    objects: byConfig,
  });
  exposeTable('check_config_relationships', {
    resource: 'config_scrapers',
    writable: true,
    defaults: manualLink,
    objects: byConfig,
  });
  // rows of one config item: a person whose object selectors reach some configs reads only theirs
  for (const name of ['config_items', 'configs', 'config_detail', 'config_names']) {
    exposeTable(name, { ...readOnly, objects: { kind: 'configs', column: 'id' } });
  }
  for (const name of [
    'config_items_last_scraped_time',
    'config_changes',
    'config_analysis',
    'config_relationships',
    'catalog_changes',
    'config_analysis_items',
    'analysis_by_component',
    'changes_by_component',
  ]) {
    exposeTable(name, { ...readOnly, objects: byConfig });
  }
  for (const [name, source] of Object.entries(vocabularies)) {
    exposeTable(name, { ...readOnly, objects: { kind: 'configs', source } });
  }
  // aggregates over every config (and the scrapers): read with the whole catalog only
  for (const name of ['change_types', 'analysis_types', 'analyzer_types']) {
    exposeTable(name, readOnly);
  }
  // the scrapers' rows with their last run: the same spec, so the same masks as config_scrapers
  exposeTable('config_scrapers_with_status', { ...readOnly, secrets: { spec: SPEC_SECRETS } });
  exposeFunction('related_configs_recursive', { resource: 'config_scrapers' });
  exposeFunction('lookup_analysis_by_component', { resource: 'config_scrapers' });
}

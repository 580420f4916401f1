import type { ScrapeConfigResource } from '@opsdeck/schema';
import { execScraperRefusal } from '../../catalog/execPolicy.js';
import { saveScrapeConfig } from '../../catalog/scrapeConfigs.js';
import { validateScrapeConfig } from '../../catalog/scrapeConfigYaml.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';

/** ScrapeConfig (configs.flanksource.com/v1): a scraper of the catalog. */
export const scrapeConfigKind = defineKind<ScrapeConfigResource>({
  table: 'config_scrapers',
  validate: validateScrapeConfig,
  refusal: (r, exec, roles) => execScraperRefusal(exec, roles, r.spec),
  find: (scope, r) =>
    locate(scope, 'config_scrapers', {
      name: r.metadata.name,
      namespace: r.metadata.namespace ?? 'default',
      source: APPLIED_SOURCE,
      local: true,
    }),
  async save(scope, r) {
    await saveScrapeConfig(scope.trx, r, { source: APPLIED_SOURCE, createdBy: scope.author });
  },
  remove: (scope, id) => softDelete(scope, 'config_scrapers', id),
});

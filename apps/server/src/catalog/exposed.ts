import { createdBySubject, type ExposedTable, exposeFunction, exposeTable } from '../rest/whitelist.js';
import './tables.js';

/**
 * The catalog tables and views under /api/db. Spec part 1 section 6 names one catalog resource,
 * `config_scrapers` (the permission object `catalog` covers it): every role that reads reads the
 * whole catalog; editors and admins write. Only two tables take writes from clients: scrapers (the
 * Settings > Catalog Scrapers editor) and manual component links ("Link to catalog"). Items,
 * changes, insights and relationships are written by the scrape engine alone.
 */

const readOnly: ExposedTable = { resource: 'config_scrapers', writable: false };

exposeTable('config_scrapers', {
  resource: 'config_scrapers',
  writable: true,
  defaults: { created_by: createdBySubject },
});
exposeTable('config_component_relationships', { resource: 'config_scrapers', writable: true });

for (const name of [
  'config_scrapers_with_status',
  'config_items',
  'config_items_last_scraped_time',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'configs',
  'config_detail',
  'config_names',
  'config_types',
  'config_classes',
  'config_statuses',
  'config_tags',
  'config_labels',
  'change_types',
  'analysis_types',
  'analyzer_types',
  'catalog_changes',
  'config_analysis_items',
]) {
  exposeTable(name, readOnly);
}

exposeFunction('related_configs_recursive', { resource: 'config_scrapers' });

import { type BaseScraper, isJsonPathField, type ScrapeTransform } from '@opsdeck/schema';
import { JSONPath } from 'jsonpath-plus';
import { evaluateCel, queryJsonPath, queryJsonPathAll } from '../expr/index.js';
import { reportedChanges } from './fullMode.js';
import type { ExternalChange, ScrapedDocument } from './scrapers/types.js';
import type { ConfigHealth } from './tables.js';
import { aliasesOf } from './transform/aliases.js';
import { hasScript, runScript, scriptLanguage, type TransformedConfig } from './transform/expr.js';
import { maskDigest } from './transform/maskDigest.js';
import { propertiesOf } from './transform/properties.js';
import { type ItemRelationship, relationshipsOf } from './transform/relationship.js';

/**
 * Turns what a scraper read into config items, by the BaseScraper fields, in Mission Control's
 * order: items split -> script (transform.expr / gotemplate) -> exclusions and masks -> attributes (id, name, type, class, status,
 * health, description, labels, tags, created/deleted times). A document that yields no id or no
 * type is an error naming its source, never an item with a made-up key.
 */

/** One config item as a scrape saw it, before it is stored. */
export interface ScrapedItem {
  externalId: string;
  type: string;
  configClass: string;
  name: string;
  description: string | null;
  status: string | null;
  health: ConfigHealth | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  config: unknown;
  source: string | null;
  createdAt: Date | null;
  deletedAt: Date | null;
  /** The item's parent (hard relationship), by type and external id. */
  parent: { type: string; externalId: string } | null;
  /** Soft relationships transform.relationship asks for (resolved when stored). */
  relationships?: ItemRelationship[];
  /** The scraper's `properties`, rendered for this item; null without any. */
  properties?: Array<Record<string, unknown>> | null;
  /** Other ids the item is known by (transform.aliases): external_id[2..], matched by lookups. */
  aliases?: string[];
}

const HEALTHS = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

/** A field's value: JSONPath into the config when it starts with `$` or `@`, else the text itself. */
function field(spec: string | undefined, config: unknown): string | undefined {
  if (spec === undefined) return undefined;
  if (!isJsonPathField(spec)) return spec;
  const value = queryJsonPath(spec.startsWith('@') ? `$${spec.slice(1)}` : spec, config);
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null || first === '') return undefined;
  return typeof first === 'string' ? first : typeof first === 'object' ? JSON.stringify(first) : String(first);
}

function fieldMap(spec: Record<string, string> | undefined, config: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(spec ?? {})) {
    const v = field(value, config);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** The first of `paths` that yields a parsable timestamp (RFC 3339 and what Date parses). */
function timestamp(paths: string[] | undefined, config: unknown): Date | null {
  for (const p of paths ?? []) {
    const v = field(p, config);
    if (v === undefined) continue;
    const d = new Date(/^\d+$/.test(v) ? Number(v) * (v.length <= 10 ? 1000 : 1) : v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return null;
}

/** Removes what `jsonpath` matches from `config` (transform.exclude). */
function excludePath(config: unknown, jsonpath: string): void {
  if (config === null || typeof config !== 'object') return;
  const hits = JSONPath({ path: jsonpath, json: config as object, eval: 'safe', resultType: 'all' }) as Array<{
    parent: unknown;
    parentProperty: string | number;
  }>;
  for (const hit of hits.reverse()) {
    if (Array.isArray(hit.parent)) hit.parent.splice(Number(hit.parentProperty), 1);
    else if (hit.parent && typeof hit.parent === 'object')
      delete (hit.parent as Record<string, unknown>)[hit.parentProperty];
  }
}

/** Replaces what `jsonpath` matches with its md5 (`value: md5sum`) or a fixed text (transform.mask). */
function maskPath(config: unknown, jsonpath: string, value: string): void {
  if (config === null || typeof config !== 'object') return;
  const hits = JSONPath({ path: jsonpath, json: config as object, eval: 'safe', resultType: 'all' }) as Array<{
    parent: Record<string | number, unknown>;
    parentProperty: string | number;
    value: unknown;
  }>;
  for (const hit of hits) {
    if (!hit.parent || typeof hit.parent !== 'object') continue;
    hit.parent[hit.parentProperty] = value === 'md5sum' ? maskDigest(hit.value) : value;
  }
}

/** Applies transform.exclude and transform.mask to one config of `type`. */
function applyTransform(config: unknown, type: string, t: ScrapeTransform | undefined): void {
  for (const e of t?.exclude ?? []) {
    if (!e.types?.length || e.types.includes(type)) excludePath(config, e.jsonpath);
  }
  for (const m of t?.mask ?? []) {
    if (m.selector && evaluateCel(m.selector, { config, config_type: type }) !== true) continue;
    maskPath(config, m.jsonpath, m.value);
  }
}

/**
 * The configs one document splits into by `items` (a single array match is its elements). When
 * `items` matches nothing the document itself is the config, as config-db extracts it (its sql
 * fixture names `items: .database` over a row that is already the database's JSON).
 */
function splitItems(doc: unknown, items: string | undefined): unknown[] {
  if (!items) return [doc];
  const found = queryJsonPathAll(items, doc);
  if (!found.length) return [doc];
  return found.length === 1 && Array.isArray(found[0]) ? found[0] : found;
}

/** Names a config a script failed on: its type and id by the scraper's fields, when they resolve. */
function nameOf(spec: BaseScraper, config: unknown): string {
  try {
    const id = field(spec.id, config);
    return id ? `${field(spec.type, config) ?? ''}/${id}: ` : '';
  } catch {
    return '';
  }
}

/** The configs of one part after transform.expr / gotemplate / javascript (the part itself without a script). */
async function scripted(
  spec: BaseScraper,
  part: unknown,
  where: string,
  errors: string[],
): Promise<TransformedConfig[]> {
  const t = spec.transform;
  if (!t || !hasScript(t)) return [{ config: part, attributes: {}, changes: undefined }];
  try {
    return await runScript(t, part, where);
  } catch (err) {
    errors.push(`${where}: ${nameOf(spec, part)}transform.${scriptLanguage(t)}: ${(err as Error).message}`);
    return [];
  }
}

/** The config items of one scraped document, the changes its transform reported, and the errors of the parts that had no id or type. */
export async function extractItems(
  spec: BaseScraper,
  doc: ScrapedDocument,
): Promise<{ items: ScrapedItem[]; changes: ExternalChange[]; errors: string[] }> {
  const items: ScrapedItem[] = [];
  const changes: ExternalChange[] = [];
  const errors: string[] = [];
  const where = doc.source ?? 'document';
  const results: TransformedConfig[] = [];
  for (const part of splitItems(doc.config, spec.items)) results.push(...(await scripted(spec, part, where, errors)));
  for (const result of results) {
    // a copy, so exclusions and masks never touch what the scraper returned
    const config = structuredClone(result.config);
    const known = { ...doc.attributes, ...result.attributes };
    const type = result.attributes.type ?? field(spec.type, config) ?? known.type;
    if (!type) {
      errors.push(`${where}: no type (type ${spec.type ?? 'is not set'})`);
      continue;
    }
    const id = result.attributes.id ?? field(spec.id, config) ?? known.id;
    if (!id) {
      errors.push(`${where}: no id defined (id ${spec.id ?? 'is not set'})`);
      continue;
    }
    applyTransform(config, type, spec.transform);
    const own = result.attributes;
    const health = (own.health ?? field(spec.health, config) ?? known.health)?.toLowerCase();
    const item: ScrapedItem = {
      externalId: id,
      type,
      configClass: own.class ?? field(spec.class, config) ?? known.class ?? type,
      name: own.name ?? field(spec.name, config) ?? known.name ?? id,
      description: own.description ?? field(spec.description, config) ?? null,
      status: own.status ?? field(spec.status, config) ?? known.status ?? null,
      health: health && HEALTHS.has(health) ? (health as ConfigHealth) : health ? 'unknown' : null,
      labels: { ...doc.attributes?.labels, ...fieldMap(spec.labels, config), ...own.labels },
      tags: { ...doc.attributes?.tags, ...fieldMap(spec.tags, config), ...own.tags },
      config,
      source: doc.source ?? null,
      createdAt: timestamp(spec.createFields, config) ?? doc.attributes?.createdAt ?? null,
      deletedAt: timestamp(spec.deleteFields, config) ?? doc.attributes?.deletedAt ?? null,
      parent: doc.attributes?.parent ?? null,
    };
    const aliases = aliasesOf(spec.transform?.aliases, item);
    if (aliases.aliases.length) item.aliases = aliases.aliases;
    errors.push(...aliases.errors.map((e) => `${where}: ${type}/${item.name}: ${e}`));
    const props = propertiesOf(spec, item);
    if (props.properties) item.properties = props.properties;
    errors.push(...props.errors.map((e) => `${where}: ${type}/${item.name}: ${e}`));
    const related = relationshipsOf(spec.transform?.relationship, item);
    related.relationships.push(...(doc.attributes?.relationships ?? []));
    if (related.relationships.length) item.relationships = related.relationships;
    errors.push(
      ...[...related.errors, ...(doc.attributes?.errors ?? [])].map((e) => `${where}: ${type}/${item.name}: ${e}`),
    );
    if (result.changes !== undefined) {
      const reported = reportedChanges(
        result.changes,
        { externalId: id, configType: type },
        `${where}: ${type}/${item.name}`,
      );
      changes.push(...reported.changes);
      errors.push(...reported.warnings);
    }
    items.push(item);
  }
  return { items, changes, errors };
}

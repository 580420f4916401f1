import { type ExternalAccess, emptyAccess, extractAccess } from './accessExtract.js';
import type { ExternalAnalysis, ExternalChange, ScrapedDocument } from './scrapers/types.js';

/**
 * `full: true` (Mission Control's extract/fullmode): a scraped document is a map whose reserved
 * keys are pulled out: `config` is what the item stores (no `config`: no item, only changes and
 * insights), `changes` and `analysis` are lists reported for items, and top-level `external_id`
 * and `config_type` (or `type`) are the defaults of the entries that name no item. A change needs
 * `external_change_id`, `change_type` and an item; an insight needs `analyzer` and an item;
 * others are dropped with a warning naming why.
 */

export interface FullDocument {
  document?: ScrapedDocument;
  changes: ExternalChange[];
  analysis: ExternalAnalysis[];
  /** Identities, grants and logins (config_access and friends; accessExtract.ts). */
  access: ExternalAccess;
  warnings: string[];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

function time(v: unknown): Date | undefined {
  const s = str(v);
  if (!s) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** A summary for a change that has none: the top-level keys its patch touches. */
function summaryOf(patches: unknown): string | undefined {
  if (!isDict(patches)) return undefined;
  const keys = Object.keys(patches);
  return keys.length ? keys.slice(0, 10).join(', ') : undefined;
}

/**
 * The entries of a reported `changes` list (full mode, a transform's results): each needs
 * `external_change_id`, `change_type` and an item (its `external_id`, else `defaults`); the
 * others are dropped with a warning naming why.
 */
export function reportedChanges(
  list: unknown,
  defaults: { externalId?: string; configType?: string },
  where: string,
): { changes: ExternalChange[]; warnings: string[] } {
  const out: { changes: ExternalChange[]; warnings: string[] } = { changes: [], warnings: [] };
  const defaultId = defaults.externalId;
  const defaultType = defaults.configType;
  const changes = Array.isArray(list) ? list : [];
  changes.forEach((c, i) => {
    if (!isDict(c)) return;
    const externalId = str(c.external_id) ?? defaultId;
    const externalChangeId = str(c.external_change_id);
    const changeType = str(c.change_type);
    const missing = [
      !externalChangeId && 'external_change_id',
      !changeType && 'change_type',
      !externalId && 'external_id',
    ]
      .filter(Boolean)
      .join(', ');
    if (missing) {
      out.warnings.push(`${where}: changes[${i}] has no ${missing}; dropped`);
      return;
    }
    out.changes.push({
      externalId: externalId as string,
      configType: str(c.config_type) ?? defaultType,
      externalChangeId: externalChangeId as string,
      changeType: changeType as string,
      severity: str(c.severity),
      source: str(c.source),
      summary: str(c.summary) ?? summaryOf(c.patches),
      details: c.details,
      patches: c.patches,
      diff: str(c.diff),
      createdBy: str(c.created_by),
      createdAt: time(c.created_at),
      action: str(c.action),
    });
  });
  return out;
}

export function extractFull(doc: ScrapedDocument): FullDocument {
  const out: FullDocument = { changes: [], analysis: [], access: emptyAccess(), warnings: [] };
  const where = doc.source ?? 'document';
  if (!isDict(doc.config)) {
    out.warnings.push(`${where}: full mode needs a map with config, changes or analysis; skipped`);
    return out;
  }
  const top = doc.config;
  const defaultId = str(top.external_id) ?? str(top.id);
  const defaultType = str(top.config_type) ?? str(top.type);
  if (top.config !== undefined && top.config !== null) out.document = { ...doc, config: top.config };
  const reported = reportedChanges(top.changes, { externalId: defaultId, configType: defaultType }, where);
  out.changes.push(...reported.changes);
  out.warnings.push(...reported.warnings);
  const access = extractAccess(top, { externalId: defaultId, configType: defaultType }, where);
  out.access = access.access;
  out.warnings.push(...access.warnings);
  const analysis = Array.isArray(top.analysis) ? top.analysis : [];
  analysis.forEach((a, i) => {
    if (!isDict(a)) return;
    const external = Array.isArray(a.external_configs) && isDict(a.external_configs[0]) ? a.external_configs[0] : {};
    const externalId = str(a.external_id) ?? str(external.external_id) ?? defaultId;
    const analyzer = str(a.analyzer);
    if (!analyzer || !externalId) {
      out.warnings.push(`${where}: analysis[${i}] has no ${analyzer ? 'external_id' : 'analyzer'}; dropped`);
      return;
    }
    out.analysis.push({
      externalId,
      configType: str(a.config_type) ?? str(external.config_type) ?? defaultType,
      analyzer,
      analysisType: str(a.analysis_type),
      severity: str(a.severity),
      summary: str(a.summary),
      message: str(a.message),
      status: str(a.status),
      source: str(a.source),
      analysis: a.analysis,
    });
  });
  return out;
}

import type { ScrapeTransform } from '@opsdeck/schema';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { evaluateCel, renderTemplate } from '../expr/index.js';
import type { ChangeOutcome } from './changes.js';
import { changeFingerprint } from './fingerprint.js';
import type { ExternalAnalysis, ExternalChange } from './scrapers/types.js';
import './tables.js';

/**
 * Changes and insights scrapers report themselves (Kubernetes events, `full: true` entries):
 * `transform.changes.exclude` drops a change, then the first `transform.changes.mapping` whose
 * `filter` matches re-types it (`type`, `severity`, `summary`) or acts on it (`ignore`: not
 * recorded; `delete`: recorded, and the item is deleted). A change is stored once per
 * (item, external_change_id): seen again, its count and last time move. An insight is one row
 * per (item, analyzer), observed again on every scrape (and reopened unless silenced).
 */

export type ChangeMapping = NonNullable<NonNullable<ScrapeTransform['changes']>['mapping']>[number];

export interface ChangeRules {
  exclude: string[];
  mapping: ChangeMapping[];
}

/** What CEL filters see of a change: Mission Control's column names, plus `change` and `config`. */
function celVars(c: ExternalChange, config: unknown): Record<string, unknown> {
  const row = {
    change_type: c.changeType,
    severity: c.severity ?? '',
    source: c.source ?? '',
    summary: c.summary ?? '',
    details: c.details ?? {},
    patches: c.patches ?? {},
    external_id: c.externalId,
    config_type: c.configType ?? '',
    external_change_id: c.externalChangeId,
    created_by: c.createdBy ?? '',
    action: c.action ?? '',
  };
  return { ...row, change: row, config: config ?? {} };
}

const isTrue = (expr: string, vars: Record<string, unknown>) => {
  try {
    return evaluateCel(expr, vars) === true;
  } catch {
    return false; // a filter that fails on this change does not match it
  }
};

/** The change after exclusion and mapping; undefined when it is not recorded. */
export function mapChange(change: ExternalChange, rules: ChangeRules, config?: unknown): ExternalChange | undefined {
  const vars = celVars(change, config);
  if (rules.exclude.some((e) => isTrue(e, vars))) return undefined;
  const rule = rules.mapping.find((m) => !m.filter || isTrue(m.filter, vars));
  const mapped = { ...change };
  if (rule) {
    if (rule.type) mapped.changeType = rule.type;
    if (rule.severity) mapped.severity = rule.severity;
    if (rule.summary) mapped.summary = rule.summary.includes('{{') ? renderTemplate(rule.summary, vars) : rule.summary;
    if (rule.action) mapped.action = rule.action;
    if (rule.ancestor_type) mapped.ancestorType = rule.ancestor_type;
  }
  return mapped.action === 'ignore' ? undefined : mapped;
}

/** Stores one external change on item `configId`; answers whether it is new. */
export async function recordExternalChange(
  trx: Transaction<Database>,
  configId: string,
  c: ExternalChange,
  now: Date,
): Promise<ChangeOutcome> {
  const at = c.createdAt ?? now;
  const fingerprint = changeFingerprint({
    change_type: c.changeType,
    patches: c.patches,
    details: c.details,
    external_change_id: c.externalChangeId,
  });
  const { rows } = await sql<{ inserted: boolean }>`
    insert into config_changes as cc (config_id, external_change_id, change_type, severity, source, summary, details,
      patches, diff, external_created_by, created_at, first_observed, count, fingerprint)
    values (${configId}, ${c.externalChangeId}, ${c.changeType}, ${c.severity ?? 'info'}, ${c.source ?? null},
      ${c.summary ?? null}, ${c.details === undefined ? null : JSON.stringify(c.details)}::jsonb,
      ${c.patches === undefined ? null : JSON.stringify(c.patches)}::jsonb, ${c.diff ?? null}, ${c.createdBy ?? null},
      ${at}, ${at}, ${c.count ?? 1}, ${fingerprint ?? null})
    on conflict (config_id, external_change_id) do update set
      count = greatest(cc.count, excluded.count),
      created_at = greatest(cc.created_at, excluded.created_at),
      change_type = excluded.change_type, severity = excluded.severity, summary = excluded.summary,
      details = excluded.details
    returning (xmax = 0) as inserted`.execute(trx);
  return rows[0]?.inserted ? 'recorded' : 'deduped';
}

/** Marks item `configId` deleted by a change that says so (action delete). */
export async function deleteByChange(trx: Transaction<Database>, configId: string, at: Date): Promise<void> {
  await trx
    .updateTable('config_items')
    .set({ deleted_at: at, delete_reason: 'FROM_EVENT' })
    .where('id', '=', configId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Stores (or observes again) one insight of item `configId`. */
export async function recordAnalysis(
  trx: Transaction<Database>,
  configId: string,
  scraperId: string,
  a: ExternalAnalysis,
  now: Date,
): Promise<void> {
  const type = a.analysisType ?? 'other';
  await sql`
    insert into config_analysis as ca (config_id, scraper_id, analyzer, analysis_type, severity, summary, message,
      status, source, analysis, first_observed, last_observed)
    values (${configId}, ${scraperId}, ${a.analyzer}, ${type}, ${a.severity ?? null}, ${a.summary ?? null},
      ${a.message ?? null}, ${a.status ?? 'open'}, ${a.source ?? null},
      ${a.analysis === undefined ? null : JSON.stringify(a.analysis)}::jsonb, ${now}, ${now})
    on conflict (config_id, analyzer) do update set
      analysis_type = excluded.analysis_type, severity = excluded.severity, summary = excluded.summary,
      message = excluded.message, source = excluded.source, analysis = excluded.analysis,
      last_observed = excluded.last_observed,
      status = case when ca.status = 'silenced' then ca.status else excluded.status end`.execute(trx);
}

import { applyPatch, createTwoFilesPatch, parsePatch, reversePatch } from 'diff';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../errors.js';
import { normalisedJson } from '../diff.js';

/**
 * Earlier versions of a config item, rebuilt from its diff changes: the stored config (normalised
 * JSON, as diff.ts writes it) with the unified diff of every newer change reversed, newest first.
 * A dedupe that merged changes keeps only the latest diff of its run, so a version behind such a
 * merge may not be rebuildable: that answers 409, never a wrong text.
 */
export interface ConfigVersion {
  change_id: string;
  created_at: string;
  summary: string | null;
  /** The config as it was before this change (normalised JSON text). */
  before: string;
  /** The config now. */
  current: string;
  /** Unified diff from `before` to `current`. */
  diff: string;
}

const MAX_STEPS = 1000;

export async function configVersion(db: Db, configId: string, changeId: string): Promise<ConfigVersion> {
  const item = await db.kysely
    .selectFrom('config_items')
    .select(['config'])
    .where('id', '=', configId)
    .executeTakeFirst();
  if (!item) throw notFound(`config item ${configId} not found`);
  const target = await db.kysely
    .selectFrom('config_changes')
    .select(['id', 'created_at', 'summary'])
    .where('id', '=', changeId)
    .where('config_id', '=', configId)
    .where('change_type', '=', 'diff')
    .executeTakeFirst();
  if (!target) throw notFound(`diff change ${changeId} of config item ${configId} not found`);
  const { rows } = await sql<{ id: string; diff: string | null }>`
    select id, diff from config_changes
    where config_id = ${configId} and change_type = 'diff'
      and (created_at, id) >= (${target.created_at}, ${changeId}::uuid)
    order by created_at desc, id desc
    limit ${MAX_STEPS + 1}
  `.execute(db.kysely);
  if (rows.length > MAX_STEPS) throw conflict(`more than ${MAX_STEPS} changes since then; pick a newer version`);
  const current = normalisedJson(item.config);
  let text = current;
  for (const row of rows) {
    const [patch] = parsePatch(row.diff ?? '');
    const reversed = patch ? applyPatch(text, reversePatch(patch)) : false;
    if (reversed === false) {
      throw conflict('this version cannot be rebuilt: a later change was merged with others (dedupe) or has no diff');
    }
    text = reversed;
  }
  const diff = createTwoFilesPatch('before/config.json', 'now/config.json', text, current, '', '', {
    context: 3,
  }).replace(/^=+\n/, '');
  return {
    change_id: changeId,
    created_at: new Date(target.created_at as unknown as string).toISOString(),
    summary: target.summary,
    before: text,
    current,
    diff,
  };
}

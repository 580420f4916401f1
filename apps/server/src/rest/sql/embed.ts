import { type RawBuilder, sql } from 'kysely';
import { pgrstError } from '../errors.js';
import type { SelectEmbed } from '../parse/select.js';
import type { ForeignKey, Relation, Schema } from '../schemaCache.js';
import { exposedTable } from '../whitelist.js';

/** How an embedded resource joins its parent. */
export interface Relationship {
  target: Relation;
  fk: ForeignKey;
  /** Parent columns and the target columns they equal, pairwise. */
  parentColumns: string[];
  targetColumns: string[];
  /** Many-to-one (or one-to-one) gives an object; one-to-many gives an array. */
  toOne: boolean;
  /** Many-to-many: the junction table whose keys point at the parent and at the target. */
  junction?: { name: string; toParent: ForeignKey; toTarget: ForeignKey };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function matchesHint(fk: ForeignKey, hint: string | undefined): boolean {
  if (hint === undefined) return true;
  return (
    fk.name === hint ||
    same(fk.sourceColumns, [hint]) ||
    same(fk.targetColumns, [hint]) ||
    fk.source === hint ||
    fk.target === hint
  );
}

/**
 * Finds the foreign key that embeds `embed` in `parent`, as PostgREST does: by target name
 * (many-to-one or one-to-many) or by the parent's foreign-key column (`created_by(...)`),
 * narrowed by the `!hint`. No match is PGRST200; several are PGRST201.
 */
export function resolveEmbed(schema: Schema, parent: Relation, embed: SelectEmbed): Relationship {
  const found: Relationship[] = [];
  const exposed = (name: string) => exposedTable(name) !== undefined && schema.relations.has(name);
  for (const fk of schema.foreignKeys) {
    if (!matchesHint(fk, embed.hint)) continue;
    // many-to-one: parent holds the key (by target name, or by the key column's name)
    // embedding by column means the table it references, not the views that inherit the key
    const byColumn =
      fk.sourceColumns.length === 1 &&
      fk.sourceColumns[0] === embed.name &&
      schema.relations.get(fk.target)?.kind === 'table';
    if (fk.source === parent.name && (fk.target === embed.name || byColumn) && exposed(fk.target)) {
      found.push({
        target: schema.relations.get(fk.target) as Relation,
        fk,
        parentColumns: fk.sourceColumns,
        targetColumns: fk.targetColumns,
        toOne: true,
      });
    }
    // one-to-many (one-to-one when the child's key columns are unique)
    if (fk.target === parent.name && fk.source === embed.name && exposed(fk.source)) {
      const target = schema.relations.get(fk.source) as Relation;
      found.push({
        target,
        fk,
        parentColumns: fk.targetColumns,
        targetColumns: fk.sourceColumns,
        toOne: target.uniqueKeys.some((k) => same([...k].sort(), [...fk.sourceColumns].sort())),
      });
    }
  }
  found.push(...junctions(schema, parent, embed, exposed));
  const key = (r: Relationship) =>
    `${r.target.name}|${r.parentColumns}|${r.targetColumns}|${r.junction?.name ?? ''}|${r.junction?.toTarget.name ?? ''}`;
  const unique = found.filter((r, i) => found.findIndex((o) => key(o) === key(r)) === i);
  if (unique.length === 1) return unique[0] as Relationship;
  if (!unique.length) {
    throw pgrstError(
      'invalid',
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.name}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw pgrstError(
    'ambiguous',
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.name}'`,
    unique
      .map((r) =>
        r.junction
          ? `many-to-many through ${r.junction.name} using ${r.junction.toParent.name} and ${r.junction.toTarget.name}`
          : `${r.fk.source}(${r.fk.sourceColumns.join(',')}) -> ${r.fk.target} using ${r.fk.name}`,
      )
      .join('; '),
    `Try changing '${embed.name}' to one of the following: ${unique.map((r) => `'${embed.name}!${r.junction?.name ?? r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/**
 * Many-to-many candidates: a table whose primary key holds a foreign key to the parent and one to
 * the target (team_members between teams and people), as PostgREST detects junctions.
 */
function junctions(
  schema: Schema,
  parent: Relation,
  embed: SelectEmbed,
  exposed: (name: string) => boolean,
): Relationship[] {
  const out: Relationship[] = [];
  if (!exposed(embed.name)) return out;
  for (const junction of schema.relations.values()) {
    if (junction.kind !== 'table' || junction.name === parent.name || junction.name === embed.name) continue;
    if (!exposed(junction.name)) continue;
    const keyed = (fk: ForeignKey) =>
      fk.source === junction.name && fk.sourceColumns.every((c) => junction.primaryKey.includes(c));
    const fks = schema.foreignKeys.filter(keyed);
    for (const toParent of fks.filter((fk) => fk.target === parent.name)) {
      for (const toTarget of fks.filter((fk) => fk.target === embed.name && fk !== toParent)) {
        const hint = embed.hint;
        if (hint !== undefined && hint !== junction.name && hint !== toParent.name && hint !== toTarget.name) continue;
        out.push({
          target: schema.relations.get(embed.name) as Relation,
          fk: toTarget,
          parentColumns: toParent.targetColumns,
          targetColumns: toTarget.targetColumns,
          toOne: false,
          junction: { name: junction.name, toParent, toTarget },
        });
      }
    }
  }
  return out;
}

/** The SQL condition tying an embedded row (`child`) to its parent row (`parent`). */
export function joinCondition(
  rel: Relationship,
  parent: string,
  child: string,
  junctionAlias: string,
): RawBuilder<unknown> {
  const pairs = (left: string, leftCols: string[], right: string, rightCols: string[]) =>
    leftCols.map((c, i) => sql`${sql.id(left, c)} = ${sql.id(right, rightCols[i] as string)}`);
  if (!rel.junction) {
    return sql.join(pairs(child, rel.targetColumns, parent, rel.parentColumns), sql` and `);
  }
  const { name, toParent, toTarget } = rel.junction;
  const conditions = [
    ...pairs(junctionAlias, toParent.sourceColumns, parent, toParent.targetColumns),
    ...pairs(junctionAlias, toTarget.sourceColumns, child, toTarget.targetColumns),
  ];
  return sql`exists (select 1 from ${sql.id('public', name)} as ${sql.id(junctionAlias)} where ${sql.join(conditions, sql` and `)})`;
}

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
  const unique = found.filter(
    (r, i) =>
      found.findIndex(
        (o) =>
          o.target.name === r.target.name &&
          same(o.parentColumns, r.parentColumns) &&
          same(o.targetColumns, r.targetColumns),
      ) === i,
  );
  if (unique.length === 1) return unique[0] as Relationship;
  if (!unique.length) {
    throw pgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.name}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw pgrstError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.name}'`,
    unique
      .map((r) => `${r.fk.source}(${r.fk.sourceColumns.join(',')}) -> ${r.fk.target} using ${r.fk.name}`)
      .join('; '),
    `Try changing '${embed.name}' to one of the following: ${unique.map((r) => `'${embed.name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

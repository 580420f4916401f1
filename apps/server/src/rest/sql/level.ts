import { type RawBuilder, sql } from 'kysely';
import { pgrstError } from '../errors.js';
import { fieldLabel } from '../parse/cursor.js';
import type { LevelOptions, ParsedQuery } from '../parse/query.js';
import type { SelectItem } from '../parse/select.js';
import type { Relation, Schema } from '../schemaCache.js';
import { readableColumns } from '../whitelist.js';
import { joinCondition, resolveEmbed } from './embed.js';
import { columnExpr, conjunction, fieldExpr, filterExpr, orderExpr, type Scope } from './expr.js';

/** Builds the SQL of one request: aliases, authorization of embedded relations, embedded options. */
export class QueryBuilder {
  private next = 0;
  private readonly used = new Set<string>();

  constructor(
    readonly schema: Schema,
    private readonly query: ParsedQuery,
    /** Authorizes reading an embedded relation (throws 403). */
    private readonly authorizeEmbed: (relation: string) => void,
  ) {}

  /** A fresh SQL alias for a relation of this query. */
  alias(): string {
    return `t${this.next++}`;
  }

  /** The select list of `items` over `scope`, embedding through `relation`'s foreign keys. */
  selectList(scope: Scope, relation: Relation | undefined, items: SelectItem[], path: string): SelectBuild {
    const columns: RawBuilder<unknown>[] = [];
    const conditions: RawBuilder<unknown>[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        for (const name of scope.columns.keys()) columns.push(sql`${columnExpr(scope, name)} as ${sql.id(name)}`);
      } else if (item.kind === 'field') {
        const { expr } = fieldExpr(scope, item.field);
        const value = item.cast ? sql`(${expr})::${sql.raw(item.cast)}` : expr;
        columns.push(sql`${value} as ${sql.id(item.alias ?? fieldLabel(item.field))}`);
      } else {
        if (!relation) {
          throw pgrstError(
            'invalid',
            'PGRST200',
            `Could not find a relationship between '${scope.name}' and '${item.name}'`,
          );
        }
        const label = item.alias ?? item.name;
        const childPath = path ? `${path}.${label}` : label;
        this.used.add(childPath);
        const rel = resolveEmbed(this.schema, relation, item);
        this.authorizeEmbed(rel.target.name);
        const child: Scope = {
          name: rel.target.name,
          columns: readableColumns(rel.target),
          alias: this.alias(),
          secretsOf: rel.target.name,
        };
        if (rel.junction) this.authorizeEmbed(rel.junction.name);
        const join = [joinCondition(rel, scope.alias, child.alias, this.alias())];
        const inner = this.selectList(child, rel.target, item.children, childPath);
        const opts = this.query.embedded.get(childPath);
        const where = conjunction([
          ...join,
          ...(opts?.filters ?? []).map((f) => filterExpr(child, f)),
          ...inner.conditions,
        ]);
        const from = sql`${sql.id('public', rel.target.name)} as ${sql.id(child.alias)}`;
        if (item.inner) conditions.push(sql`exists (select 1 from ${from} where ${where})`);
        if (!item.children.length) continue; // `rel!inner()` filters without showing the resource
        const list = sql.join(inner.columns);
        if (rel.toOne) {
          columns.push(
            sql`(select row_to_json(_e) from (select ${list} from ${from} where ${where} limit 1) _e) as ${sql.id(label)}`,
          );
        } else {
          const tail = pageTail(child, opts);
          columns.push(
            sql`coalesce((select json_agg(_e) from (select ${list} from ${from} where ${where}${tail}) _e), '[]'::json) as ${sql.id(label)}`,
          );
        }
      }
    }
    return { columns, conditions };
  }

  /** Fails with PGRST108 when an option names an embedded resource the select does not embed. */
  checkEmbeddedOptions(): void {
    for (const path of this.query.embedded.keys()) {
      if (!this.used.has(path)) {
        throw pgrstError(
          'invalid',
          'PGRST108',
          `'${path}' is not an embedded resource in this request`,
          null,
          `Verify that '${path}' is included in the 'select' query parameter.`,
        );
      }
    }
  }
}

/** Columns and extra parent conditions (from `!inner` embeds) of one level. */
export interface SelectBuild {
  columns: RawBuilder<unknown>[];
  conditions: RawBuilder<unknown>[];
}

/** ` order by ... limit n offset m` of a level (empty when none is asked). */
export function pageTail(scope: Scope, opts: LevelOptions | undefined, limit = opts?.limit, offset = opts?.offset) {
  const order = opts ? orderExpr(scope, opts.order) : undefined;
  const parts: RawBuilder<unknown>[] = [];
  if (order) parts.push(sql` order by ${order}`);
  if (limit !== undefined) parts.push(sql` limit ${limit}`);
  if (offset) parts.push(sql` offset ${offset}`);
  return parts.length ? sql.join(parts, sql``) : sql``;
}

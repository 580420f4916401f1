import { type DateMathOptions, resolveDateMath } from '@opsdeck/schema';
import { type LabelRequirement, parseLabelSelector } from '@opsdeck/schema/permissions';
import { type RawBuilder, sql } from 'kysely';
import { badRequest } from '../../errors.js';

/**
 * The filter grammar the catalog calls share (the catalog API's query parameters): comma lists where a
 * leading `!` excludes, datemath times (`now-2d`), and tag selectors (`k=v`, `k!=v`, `k in (a,b)`,
 * `k notin (a,b)`). Every value reaches SQL bound.
 */

/** `a,!b,c` -> in / not in conditions on `column`; undefined when the list is empty. */
export function inList(
  column: RawBuilder<unknown>,
  list: string | string[] | undefined,
): RawBuilder<unknown> | undefined {
  const values = (Array.isArray(list) ? list : (list ?? '').split(',')).map((v) => v.trim()).filter(Boolean);
  const include = values.filter((v) => !v.startsWith('!'));
  const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const parts: RawBuilder<unknown>[] = [];
  if (include.length) parts.push(sql`${column} in (${sql.join(include)})`);
  if (exclude.length) parts.push(sql`(${column} is null or ${column} not in (${sql.join(exclude)}))`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}

/**
 * `now`, `now-2d`, `now+1h`, `now-1d/d` or an ISO time -> a Date (with `durationAgo`, `24h` means
 * that long ago); 400 naming `field` when it is none of them.
 */
export function parseTime(field: string, text: string, now: Date, options?: DateMathOptions): Date {
  const at = resolveDateMath(text, now, options);
  if (!at) throw badRequest(`${field}: ${JSON.stringify(text)} is not a time (now-2d, an ISO time)`);
  return at;
}

/** One requirement of a selector (`k=v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`): the shared grammar. */
export type TagSelector = LabelRequirement;

/** Parses tag selectors; an object `{k: v}` (`!v` excludes) is accepted as well. */
export function parseTagSelectors(
  field: string,
  input: string | string[] | Record<string, string> | undefined,
): TagSelector[] {
  if (input === undefined) return [];
  if (!Array.isArray(input) && typeof input === 'object') {
    return Object.entries(input).map(([key, v]) =>
      v.startsWith('!') ? { key, op: '!=', values: [v.slice(1)] } : { key, op: '=', values: [v] },
    );
  }
  try {
    return parseLabelSelector(input);
  } catch (err) {
    throw badRequest(`${field}: ${(err as Error).message}`);
  }
}

/** SQL conditions of tag selectors over a jsonb column. */
export function tagConditions(column: RawBuilder<unknown>, selectors: TagSelector[]): RawBuilder<unknown>[] {
  return selectors.map(({ key, op, values }) => {
    const value = sql`${column} ->> ${key}`;
    if (op === '=') return sql`${value} = ${values[0]}`;
    if (op === '!=') return sql`${value} is distinct from ${values[0]}`;
    if (values.length === 0) return op === 'in' ? sql`false` : sql`true`;
    if (op === 'in') return sql`${value} in (${sql.join(values)})`;
    return sql`(${value} is null or ${value} not in (${sql.join(values)}))`;
  });
}

/** `cond1 and cond2 ...`, or `true` when there are none. */
export function allOf(conditions: Array<RawBuilder<unknown> | undefined>): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

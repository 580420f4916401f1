import { parseError } from '../errors.js';
import { Cursor } from './cursor.js';
import { type Filter, parseCondition, parseLogic } from './filter.js';
import { type OrderTerm, parseOrder } from './order.js';
import { parseSelect, type SelectItem } from './select.js';

/** Filters, order and paging of one level: the root relation or an embedded one. */
export interface LevelOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** A request's query string, parsed. */
export interface ParsedQuery {
  select: SelectItem[];
  root: LevelOptions;
  /** Options of embedded resources by dotted path of their names or aliases (`created_by`, `a.b`). */
  embedded: Map<string, LevelOptions>;
  /** `columns=` of a bulk insert. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
  /** Parameters handed to an rpc function (GET /rpc/fn?arg=1). */
  args: Map<string, string>;
}

const LOGIC_KEYS = new Map<string, ['and' | 'or', boolean]>([
  ['and', ['and', false]],
  ['or', ['or', false]],
  ['not.and', ['and', true]],
  ['not.or', ['or', true]],
]);

function count(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw parseError(`"failed to parse ${key} parameter (${value})"`, 'expecting a non-negative integer');
  }
  return Number(value);
}

function names(key: string, value: string): string[] {
  const c = new Cursor(value, `${key} parameter`);
  const out = [c.name()];
  while (c.eat(',')) out.push(c.name());
  if (!c.done) throw c.fail('"," or end of input');
  return out;
}

// `a.b.limit` -> ['a.b', 'limit'] when the last segment is one of `suffixes`
function splitEmbedKey(key: string): [string, string] | undefined {
  for (const suffix of ['not.and', 'not.or', 'and', 'or', 'order', 'limit', 'offset']) {
    if (key.endsWith(`.${suffix}`) && key.length > suffix.length + 1) {
      return [key.slice(0, -suffix.length - 1), suffix];
    }
  }
  return undefined;
}

/** Splits a filter key into embed path and field: `created_by.name` -> ['created_by', 'name']. */
function splitFilterKey(key: string): [string, string] {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const dot = head.lastIndexOf('.');
  if (dot === -1) return ['', key];
  return [key.slice(0, dot), key.slice(dot + 1)];
}

const newLevel = (): LevelOptions => ({ filters: [], order: [] });

/**
 * Parses a PostgREST query string. Keys that are not reserved are filters (`col=op.value`), except
 * those `isArg` claims (rpc arguments).
 */
export function parseQuery(search: URLSearchParams, isArg: (key: string) => boolean = () => false): ParsedQuery {
  const q: ParsedQuery = { select: [{ kind: 'star' }], root: newLevel(), embedded: new Map(), args: new Map() };
  const level = (path: string): LevelOptions => {
    if (!path) return q.root;
    let l = q.embedded.get(path);
    if (!l) {
      l = newLevel();
      q.embedded.set(path, l);
    }
    return l;
  };
  const apply = (l: LevelOptions, key: string, what: string, value: string) => {
    const logic = LOGIC_KEYS.get(what);
    if (logic) l.filters.push(parseLogic(logic[0], logic[1], value));
    else if (what === 'order') l.order = parseOrder(value);
    else if (what === 'limit') l.limit = count(key, value);
    else if (what === 'offset') l.offset = count(key, value);
  };
  for (const [key, value] of search) {
    if (key === 'select') q.select = parseSelect(value);
    else if (key === 'columns') q.columns = names(key, value);
    else if (key === 'on_conflict') q.onConflict = names(key, value);
    else if (LOGIC_KEYS.has(key) || key === 'order' || key === 'limit' || key === 'offset')
      apply(q.root, key, key, value);
    else if (isArg(key)) q.args.set(key, value);
    else {
      const embedKey = splitEmbedKey(key);
      if (embedKey) {
        apply(level(embedKey[0]), key, embedKey[1], value);
        continue;
      }
      const [path, fieldText] = splitFilterKey(key);
      const c = new Cursor(fieldText, 'filter key');
      const field = c.field('');
      if (!c.done) throw c.fail('end of input');
      level(path).filters.push(parseCondition(field, value));
    }
  }
  return q;
}

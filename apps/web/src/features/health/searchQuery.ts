import type { CheckSummary } from './types.js';

// The health page's search box grammar ("queries like name=x type=y or
// health=healthy,unhealthy"). Words are separated by spaces and all must match:
//   api                 free text: name, description or endpoint contains it (case-insensitive)
//   "the cache"         a quoted phrase is one word
//   !api                free text that must not match
//   health=unhealthy    a field; commas mean any of: health=healthy,unhealthy
//   name=api-*          `*` matches anything; without it a field value matches whole words exactly
//   type!=http          `!=` (or a leading `!`: !type=http) excludes the values
//   label.env=prod      a label; any other field name is taken as a label key too: env=prod
// A field with no value yet (`name=` while typing) is ignored rather than matching nothing.

/** The fields the search box knows besides labels, with the aliases people type. */
const FIELDS = {
  name: 'name',
  type: 'type',
  health: 'health',
  status: 'health',
  namespace: 'namespace',
  canary: 'canary',
  canary_name: 'canary',
  description: 'description',
  endpoint: 'endpoint',
  severity: 'severity',
  agent: 'agent',
  agent_id: 'agent',
} as const;

export type SearchField = (typeof FIELDS)[keyof typeof FIELDS] | 'label';

/** One word of a search. */
export type SearchTerm =
  | { kind: 'text'; text: string; negate: boolean }
  | { kind: 'field'; field: SearchField; label?: string; values: string[]; negate: boolean };

/** Splits on spaces outside double quotes; quotes are kept so the parser can tell a phrase from a field. */
function words(query: string): string[] {
  const out: string[] = [];
  let word = '';
  let quoted = false;
  for (const ch of query) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) {
      if (word) out.push(word);
      word = '';
    } else word += ch;
  }
  if (word) out.push(word);
  return out;
}

const unquote = (s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);

/** Values of a field: a quoted value is one literal value, otherwise commas separate values. */
function fieldValues(raw: string): string[] {
  if (raw.startsWith('"')) return [unquote(raw)].filter(Boolean);
  return raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Parses the search box text into terms (see the grammar above). */
export function parseSearch(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const word of words(query)) {
    let w = word;
    let negate = false;
    if (w.startsWith('!') && w.length > 1) {
      negate = true;
      w = w.slice(1);
    }
    const m = /^([A-Za-z_][\w.\-/]*?)(!?=)(.*)$/.exec(w);
    if (!m) {
      const text = unquote(w);
      if (text) terms.push({ kind: 'text', text, negate });
      continue;
    }
    const [, rawKey = '', op, rawValue = ''] = m;
    const values = fieldValues(rawValue);
    if (values.length === 0) continue; // still being typed
    negate = negate !== (op === '!=');
    const key = rawKey.toLowerCase();
    if (key.startsWith('label.') && rawKey.length > 6) {
      terms.push({ kind: 'field', field: 'label', label: rawKey.slice(6), values, negate });
    } else if (Object.hasOwn(FIELDS, key)) {
      terms.push({ kind: 'field', field: FIELDS[key as keyof typeof FIELDS], values, negate });
    } else {
      // an unknown field is a label key, so a typo matches nothing instead of everything
      terms.push({ kind: 'field', field: 'label', label: rawKey, values, negate });
    }
  }
  return terms;
}

/** The value of a field on a check; undefined when the check has none. */
function fieldValue(c: CheckSummary, term: Extract<SearchTerm, { kind: 'field' }>): string | undefined {
  switch (term.field) {
    case 'name':
      return c.name;
    case 'type':
      return c.type;
    case 'health':
      return c.status ?? 'unknown';
    case 'namespace':
      return c.namespace ?? undefined;
    case 'canary':
      return c.canary_name;
    case 'description':
      return c.description;
    case 'endpoint':
      return c.endpoint;
    case 'severity':
      return c.severity;
    case 'agent':
      return c.agent_id;
    case 'label':
      return c.labels?.[term.label as string];
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A case-insensitive whole-value matcher; `*` matches any run of characters. */
function valueMatcher(value: string): (v: string) => boolean {
  if (!value.includes('*')) {
    const want = value.toLowerCase();
    return (v) => v.toLowerCase() === want;
  }
  const re = new RegExp(`^${value.split('*').map(escapeRegExp).join('.*')}$`, 'is');
  return (v) => re.test(v);
}

/**
 * A predicate for the parsed search, built once per query so filtering 10,000 checks does no
 * parsing. No terms matches every check.
 */
export function searchMatcher(terms: readonly SearchTerm[]): (c: CheckSummary) => boolean {
  const tests = terms.map((term): ((c: CheckSummary) => boolean) => {
    if (term.kind === 'text') {
      const needle = term.text.toLowerCase();
      const hit = (c: CheckSummary) =>
        [c.name, c.description, c.endpoint].some((s) => s?.toLowerCase().includes(needle) ?? false);
      return term.negate ? (c) => !hit(c) : hit;
    }
    const matchers = term.values.map(valueMatcher);
    const hit = (c: CheckSummary) => {
      const v = fieldValue(c, term);
      return v !== undefined && matchers.some((m) => m(v));
    };
    return term.negate ? (c) => !hit(c) : hit;
  });
  return (c) => tests.every((t) => t(c));
}

/** Examples shown in the search hint, each with what it finds. */
export const SEARCH_EXAMPLES: ReadonlyArray<[query: string, meaning: string]> = [
  ['api', 'name, description or endpoint contains "api"'],
  ['health=unhealthy', 'failing checks'],
  ['health=healthy,unhealthy', 'either value (comma means any of)'],
  ['type=http name=api-*', 'HTTP checks whose name starts with "api-"'],
  ['namespace=prod canary=web', 'checks of the canary "web" in namespace "prod"'],
  ['env=prod', 'label env is prod (same as label.env=prod)'],
  ['type!=tcp', 'everything but TCP checks (or !type=tcp)'],
  ['!"the cache"', 'leave out a phrase'],
];

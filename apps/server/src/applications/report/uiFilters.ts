/**
 * The filters of a section's `uiRef`, written as the catalog pages keep them in their URL: a
 * comma-separated list whose items are included (`value`, `value:1`) or excluded (`!value`,
 * `value:-1`). Tags and labels are `key=value` (or `key____value`) items.
 */
export interface TriState {
  include: string[];
  exclude: string[];
}

/** A tri-state list; undefined when nothing is given. */
export function triState(text: string | string[] | undefined): TriState | undefined {
  const items = (Array.isArray(text) ? text : (text ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  if (!items.length) return undefined;
  const out: TriState = { include: [], exclude: [] };
  for (const item of items) {
    const m = /^(.*?):(-?1)$/.exec(item);
    const value = m ? (m[1] as string) : item.replace(/^!/, '');
    const excluded = m ? m[2] === '-1' : item.startsWith('!');
    (excluded ? out.exclude : out.include).push(value);
  }
  return out;
}

/** Tags or labels as a selector (`k=v,k!=v`) for the catalog search. */
export function pairSelector(text: string | undefined): string | undefined {
  const t = triState(text);
  if (!t) return undefined;
  const pair = (item: string) => item.replace('____', '=').split('=', 2) as [string, string?];
  // a key without a value says nothing to match on: skipped
  const parts = [
    ...t.include.map(pair).flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${v}`])),
    ...t.exclude.map(pair).flatMap(([k, v]) => (v === undefined ? [] : [`${k}!=${v}`])),
  ];
  return parts.join(',') || undefined;
}

/** Tri-state of one filter item: neutral 0, include 1, exclude -1. */
export type TriState = 0 | 1 | -1;

/** The non-neutral items of a filter, by value. */
export type TriStateFilter = Record<string, 1 | -1>;

// values may contain the separators; a backslash escapes ',' ':' and itself
const escapeValue = (value: string) => value.replace(/[\\,:]/g, (c) => `\\${c}`);

/** Encodes `{a: 1, b: -1}` as `a:1,b:-1` (the `{param}.filter` query value); neutral items are left out. */
export function encodeTriStateFilter(filter: Record<string, TriState>): string {
  return Object.entries(filter)
    .filter(([, state]) => state === 1 || state === -1)
    .map(([value, state]) => `${escapeValue(value)}:${state}`)
    .join(',');
}

/** Decodes a `{param}.filter` value; malformed items are skipped rather than failing the page. */
export function decodeTriStateFilter(encoded: string | null | undefined): TriStateFilter {
  const result: TriStateFilter = {};
  if (!encoded) return result;
  const items: string[][] = [];
  let field = '';
  let fields: string[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded[i];
    if (c === '\\' && i + 1 < encoded.length) {
      field += encoded[++i];
    } else if (c === ':') {
      fields.push(field);
      field = '';
    } else if (c === ',') {
      fields.push(field);
      items.push(fields);
      fields = [];
      field = '';
    } else {
      field += c;
    }
  }
  fields.push(field);
  items.push(fields);
  for (const item of items) {
    if (item.length !== 2) continue;
    const [value, state] = item as [string, string];
    if (value === '') continue;
    if (state === '1') result[value] = 1;
    else if (state === '-1') result[value] = -1;
  }
  return result;
}

/** Clicking `clicked` on an item in state `current`: the active state resets to neutral, another one takes over. */
export function toggleTriState(current: TriState, clicked: 1 | -1): TriState {
  return current === clicked ? 0 : clicked;
}

/** The filter with `value` set to `state` (neutral removes it). */
export function withTriState(filter: TriStateFilter, value: string, state: TriState): TriStateFilter {
  const next = { ...filter };
  if (state === 0) delete next[value];
  else next[value] = state;
  return next;
}

/**
 * Form fields may edit a nested value by a dotted key (`checkout.url`): reading it, and writing
 * it into a check, creating the parents on the way and removing the ones it leaves empty.
 */

export function getField(check: Record<string, unknown>, key: string): unknown {
  let v: unknown = check;
  for (const part of key.split('.')) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** Sets (or, for undefined and '', removes) `key` in `check`, in place. */
export function setField(check: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  const leaf = parts.pop() as string;
  const chain: Array<[Record<string, unknown>, string]> = [];
  let node = check;
  for (const part of parts) {
    const child = node[part];
    if (!child || typeof child !== 'object' || Array.isArray(child)) {
      if (value === undefined || value === '') return; // nothing to remove
      node[part] = {};
    }
    chain.push([node, part]);
    node = node[part] as Record<string, unknown>;
  }
  if (value === undefined || value === '') delete node[leaf];
  else node[leaf] = value;
  // drop the parents this emptied, innermost first
  for (const [parent, part] of chain.reverse()) {
    const child = parent[part] as Record<string, unknown>;
    if (Object.keys(child).length === 0) delete parent[part];
    else break;
  }
}

/** `v` when it is a plain object, else an empty one: form state read from YAML may hold anything. */
export const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

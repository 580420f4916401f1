import type { UiNode, UiNodeInputAttributes } from '@ory/client-fetch';

/** Input attributes of a node, or undefined for text, image, anchor and script nodes. */
export function inputAttrs(node: UiNode): UiNodeInputAttributes | undefined {
  return node.attributes.node_type === 'input' ? (node.attributes as UiNodeInputAttributes) : undefined;
}

/** The nodes' groups in the order they first appear, without `default` (it travels with every form). */
export function groupsInOrder(nodes: readonly UiNode[]): string[] {
  const seen: string[] = [];
  for (const n of nodes) if (n.group !== 'default' && !seen.includes(n.group)) seen.push(n.group);
  return seen;
}

/** Sets `a.b.c` in `target` as nested objects, the way Kratos reads `traits.name.first`. */
function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let at = target;
  for (const key of parts.slice(0, -1)) {
    const next = at[key];
    if (next && typeof next === 'object' && !Array.isArray(next)) at = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      at[key] = created;
      at = created;
    }
  }
  at[parts[parts.length - 1] as string] = value;
}

/**
 * The JSON body of a submit: what the form holds, with hidden inputs and the pressed button
 * keeping the node's own value (booleans stay booleans). A button that is not named `method`
 * (`totp_unlink`, `lookup_secret_confirm`) submits for its group's method.
 */
export function submitBody(
  nodes: readonly UiNode[],
  entries: Iterable<[string, FormDataEntryValue]>,
  pressed?: { name: string; value: string },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const byName = new Map<string, UiNodeInputAttributes>();
  for (const n of nodes) {
    const a = inputAttrs(n);
    if (a && a.type !== 'submit' && a.type !== 'button') byName.set(a.name, a);
  }
  for (const [name, raw] of entries) {
    if (typeof raw !== 'string') continue;
    const a = byName.get(name);
    let value: unknown = raw;
    if (a?.type === 'hidden' && a.value !== undefined && a.value !== null) value = a.value;
    else if (a?.type === 'checkbox') value = raw === 'true' || raw === 'on';
    else if (a?.type === 'number' && raw !== '') value = Number(raw);
    setPath(body, name, value);
  }
  if (pressed) {
    const node = nodes.find((n) => {
      const a = inputAttrs(n);
      return (
        a &&
        (a.type === 'submit' || a.type === 'button') &&
        a.name === pressed.name &&
        String(a.value) === pressed.value
      );
    });
    setPath(body, pressed.name, node ? inputAttrs(node)?.value : pressed.value);
    if (pressed.name !== 'method' && body.method === undefined && node) body.method = node.group;
  }
  return body;
}

/** Copies of `nodes` with `name`'s value replaced (e.g. the identifier prefilled from the URL). */
export function withValue(nodes: readonly UiNode[], name: string, value: string): UiNode[] {
  return nodes.map((n) => {
    const a = inputAttrs(n);
    return a?.name === name ? ({ ...n, attributes: { ...n.attributes, value } } as UiNode) : n;
  });
}

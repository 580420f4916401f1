import type { HypothesisType } from '@opsdeck/schema';

/** What a tree node needs from a hypothesis. */
export interface TreeInput {
  id: string;
  parent_id: string | null;
  type: HypothesisType;
  created_at: string;
}

export interface TreeNode<T extends TreeInput> {
  hypothesis: T;
  children: TreeNode<T>[];
}

/** The type a child of `type` takes: root, then factor, then solution (which has no children). */
export function childType(type: HypothesisType): HypothesisType | undefined {
  if (type === 'root') return 'factor';
  if (type === 'factor') return 'solution';
  return undefined;
}

/**
 * Nests hypotheses by parent_id, oldest first at each level. A hypothesis whose parent is gone
 * (or that has none) is shown at the top, so nothing disappears from the page.
 */
export function buildHypothesisTree<T extends TreeInput>(hypotheses: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const h of hypotheses) nodes.set(h.id, { hypothesis: h, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.hypothesis.parent_id ? nodes.get(node.hypothesis.parent_id) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byAge = (a: TreeNode<T>, b: TreeNode<T>) => a.hypothesis.created_at.localeCompare(b.hypothesis.created_at);
  const sort = (list: TreeNode<T>[]) => {
    list.sort(byAge);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

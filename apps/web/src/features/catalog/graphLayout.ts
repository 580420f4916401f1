import type { RelatedConfig } from './types.js';

/** A node of the relationships graph: position by direction and depth, the root in the middle. */
export interface GraphNode {
  id: string;
  x: number;
  y: number;
  item: Pick<RelatedConfig, 'id' | 'name' | 'type' | 'health'>;
  root: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

const COLUMN = 280;
const ROW = 80;

/**
 * Lays related items out in columns: incoming ones left of the root (one column per hop), outgoing
 * ones (and those reached both ways) right of it. Edges follow the walk: an outgoing item was
 * reached from each of its `related_ids`, an incoming one leads to them.
 */
export function layoutRelationships(
  root: Pick<RelatedConfig, 'id' | 'name' | 'type' | 'health'>,
  related: RelatedConfig[],
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const columns = new Map<number, RelatedConfig[]>();
  for (const item of related) {
    const column = item.direction === 'incoming' ? -item.depth : item.depth;
    columns.set(column, [...(columns.get(column) ?? []), item]);
  }
  const nodes: GraphNode[] = [{ id: root.id, x: 0, y: 0, item: root, root: true }];
  for (const [column, items] of columns) {
    const sorted = [...items].sort((a, b) => `${a.type}${a.name}`.localeCompare(`${b.type}${b.name}`));
    sorted.forEach((item, i) => {
      nodes.push({ id: item.id, x: column * COLUMN, y: (i - (sorted.length - 1) / 2) * ROW, item, root: false });
    });
  }
  const known = new Set(nodes.map((n) => n.id));
  const edges: GraphEdge[] = [];
  for (const item of related) {
    for (const from of item.related_ids ?? []) {
      if (!known.has(from)) continue;
      const [source, target] = item.direction === 'incoming' ? [item.id, from] : [from, item.id];
      edges.push({ id: `${source}->${target}`, source, target });
    }
  }
  return { nodes, edges };
}

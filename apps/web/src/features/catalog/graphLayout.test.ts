import { describe, expect, it } from 'vitest';
import { layoutRelationships } from './graphLayout.js';
import type { RelatedConfig } from './types.js';

const item = (id: string, direction: RelatedConfig['direction'], depth: number, from: string[]): RelatedConfig => ({
  id,
  name: id,
  type: 'T',
  config_class: 'C',
  related_ids: from,
  depth,
  direction,
  health: null,
  status: null,
  deleted_at: null,
});

describe('layoutRelationships', () => {
  it('puts incoming items left and outgoing ones right, one column per hop', () => {
    const root = { id: 'r', name: 'root', type: 'T', health: null };
    const { nodes, edges } = layoutRelationships(root, [
      item('parent', 'incoming', 1, ['r']),
      item('child', 'outgoing', 1, ['r']),
      item('grandchild', 'outgoing', 2, ['child']),
    ]);
    expect(nodes.map((n) => [n.id, n.x, n.y])).toEqual([
      ['r', 0, 0],
      ['parent', -280, 0],
      ['child', 280, 0],
      ['grandchild', 560, 0],
    ]);
    expect(edges.map((e) => e.id)).toEqual(['parent->r', 'r->child', 'child->grandchild']);
  });
});

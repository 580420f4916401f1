import { describe, expect, it } from 'vitest';
import { buildHypothesisTree, childType } from './hypothesisTree.js';

const h = (id: string, parent_id: string | null, type: 'root' | 'factor' | 'solution', minute: number) => ({
  id,
  parent_id,
  type,
  created_at: `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`,
});

describe('buildHypothesisTree', () => {
  it('nests root, factor and solution, oldest first', () => {
    const tree = buildHypothesisTree([
      h('s1', 'f1', 'solution', 5),
      h('f2', 'r1', 'factor', 4),
      h('f1', 'r1', 'factor', 2),
      h('r1', null, 'root', 1),
    ]);
    expect(tree.map((n) => n.hypothesis.id)).toEqual(['r1']);
    expect(tree[0]?.children.map((n) => n.hypothesis.id)).toEqual(['f1', 'f2']);
    expect(tree[0]?.children[0]?.children.map((n) => n.hypothesis.id)).toEqual(['s1']);
  });

  it('keeps a hypothesis whose parent is missing at the top', () => {
    const tree = buildHypothesisTree([h('f1', 'gone', 'factor', 1), h('r1', null, 'root', 2)]);
    expect(tree.map((n) => n.hypothesis.id)).toEqual(['f1', 'r1']);
  });
});

describe('childType', () => {
  it.each([
    ['root', 'factor'],
    ['factor', 'solution'],
    ['solution', undefined],
  ] as const)('%s -> %s', (type, expected) => {
    expect(childType(type)).toBe(expected);
  });
});

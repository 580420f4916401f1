import '@xyflow/react/dist/style.css';
import { Background, Controls, type Edge, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { layoutRelationships } from './graphLayout.js';
import type { RelatedConfig } from './types.js';

const HEALTH_BORDER: Record<string, string> = {
  healthy: '#10b981',
  unhealthy: '#ef4444',
  warning: '#f59e0b',
};

/** The relationships graph (React Flow); clicking an item opens it. Loaded lazily with its library. */
export default function RelationshipsGraph({
  root,
  related,
}: {
  root: Pick<RelatedConfig, 'id' | 'name' | 'type' | 'health'>;
  related: RelatedConfig[];
}) {
  const navigate = useNavigate();
  const { nodes, edges } = useMemo(() => {
    const layout = layoutRelationships(root, related);
    const nodes: Node[] = layout.nodes.map((n) => ({
      id: n.id,
      position: { x: n.x, y: n.y },
      data: {
        label: (
          <span className="flex items-center gap-2 text-left" data-testid={`graph-node-${n.id}`}>
            <TypeIcon type={n.item.type} />
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-xs font-semibold text-zinc-900">{n.item.name ?? n.id}</span>
              <span className="truncate text-[10px] text-zinc-500">{n.item.type}</span>
            </span>
          </span>
        ),
      },
      style: {
        width: 200,
        borderColor: HEALTH_BORDER[n.item.health ?? ''] ?? '#a1a1aa',
        borderWidth: n.root ? 3 : 1,
        background: n.root ? '#eef2ff' : '#fff',
        cursor: n.root ? 'default' : 'pointer',
      },
      sourcePosition: 'right' as Node['sourcePosition'],
      targetPosition: 'left' as Node['targetPosition'],
      connectable: false,
      draggable: false,
    }));
    const edges: Edge[] = layout.edges.map((e) => ({ ...e, markerEnd: { type: MarkerType.ArrowClosed } }));
    return { nodes, edges };
  }, [root, related]);
  return (
    <section className="h-[420px] rounded-lg ring-1 ring-zinc-200" aria-label="Relationships graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => {
          if (node.id !== root.id) navigate(`/catalog/${node.id}/relationships`);
        }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}

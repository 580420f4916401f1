import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { formatLatency } from './utils.js';

interface GraphPoint {
  time: string;
  status: boolean;
  duration: number;
}

const W = 720;
const H = 200;
const PAD = 36;

/** The Graph tab: latency over time as an SVG, one dot per bucket, green passed and red failed. */
export default function CheckGraph({ checkId, from }: { checkId: string; from: string }) {
  const graph = useQuery({
    queryKey: ['health', 'graph', checkId, from],
    queryFn: ({ signal }) =>
      api.get<{ status: GraphPoint[] }>('/api/canary/api/graph', { params: { check: checkId, start: from }, signal }),
  });
  if (graph.isPending) return <LoadingBlock />;
  const points = graph.data?.status ?? [];
  if (points.length === 0) return <EmptyState />;
  const times = points.map((p) => new Date(p.time).getTime());
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 1);
  const max = Math.max(...points.map((p) => p.duration), 1);
  const x = (t: number) => PAD + ((t - t0) / (t1 - t0)) * (W - 2 * PAD);
  const y = (d: number) => H - PAD + 10 - (d / max) * (H - PAD - 10);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Latency over time" className="w-full">
      <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} stroke="#d4d4d8" />
      <text x={4} y={y(max) + 4} fontSize="10" fill="#71717a">
        {formatLatency(max)}
      </text>
      <text x={4} y={y(0)} fontSize="10" fill="#71717a">
        0
      </text>
      <text x={PAD} y={H - 4} fontSize="10" fill="#71717a">
        {new Date(t0).toLocaleString()}
      </text>
      <text x={W - PAD} y={H - 4} fontSize="10" fill="#71717a" textAnchor="end">
        {new Date(t1).toLocaleString()}
      </text>
      <polyline
        fill="none"
        stroke="#a1a1aa"
        strokeWidth="1"
        points={points.map((p, i) => `${x(times[i] as number)},${y(p.duration)}`).join(' ')}
      />
      {points.map((p, i) => (
        <circle
          key={p.time}
          data-status={p.status ? 'passed' : 'failed'}
          cx={x(times[i] as number)}
          cy={y(p.duration)}
          r={3}
          fill={p.status ? '#10b981' : '#ef4444'}
        >
          <title>{`${new Date(p.time).toLocaleString()}: ${formatLatency(p.duration)}`}</title>
        </circle>
      ))}
    </svg>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Activity, Boxes, FileCode, FileDiff, MessageSquare, ScrollText, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../ui/cx.js';
import { fetchCheckGlance } from '../../health/api.js';
import type { Evidence } from '../api.js';

function useCheckGlance(checkId: string | null) {
  return useQuery({
    queryKey: ['incidents', 'evidence-check', checkId],
    queryFn: ({ signal }) => fetchCheckGlance(checkId as string, signal),
    enabled: !!checkId,
    staleTime: 30_000,
  });
}

/** '99.5%' from passed and failed runs; '–' before any run. */
export function uptimePercent(u: { passed: number; failed: number } | undefined): string {
  const total = (u?.passed ?? 0) + (u?.failed ?? 0);
  if (!u || total === 0) return '–';
  return `${((u.passed / total) * 100).toFixed(1)}%`;
}

function CheckEvidence({ evidence, compact }: { evidence: Evidence; compact?: boolean }) {
  const check = useCheckGlance(evidence.check_id);
  const c = check.data;
  const healthy = c?.status === 'healthy';
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span
        role="img"
        aria-label={c?.status ?? 'unknown'}
        className={cx(
          'h-2 w-2 shrink-0 rounded-full',
          c?.status ? (healthy ? 'bg-emerald-500' : 'bg-red-500') : 'bg-zinc-300',
        )}
      />
      <Link
        to={`/health?checkId=${evidence.check_id}`}
        className="truncate font-medium text-zinc-800 hover:text-indigo-700 hover:underline"
      >
        {c?.name ?? evidence.description ?? 'Check'}
      </Link>
      {c && (
        <span className={cx('text-xs', healthy ? 'text-emerald-700' : 'text-red-700')}>
          {healthy ? 'Healthy' : c.status === 'unhealthy' ? 'Unhealthy' : 'Unknown'}
        </span>
      )}
      {c && !compact && (
        <span className="text-xs whitespace-nowrap text-zinc-500 tabular-nums">
          uptime {uptimePercent(c.uptime)} (1d)
        </span>
      )}
    </span>
  );
}

function LinkedEvidence({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="truncate font-medium text-zinc-800 hover:text-indigo-700 hover:underline">
      {label}
    </Link>
  );
}

const ICONS: Record<string, ReactNode> = {
  check: <Activity className="h-3.5 w-3.5" />,
  config: <FileCode className="h-3.5 w-3.5" />,
  config_change: <FileDiff className="h-3.5 w-3.5" />,
  config_analysis: <ShieldAlert className="h-3.5 w-3.5" />,
  topology: <Boxes className="h-3.5 w-3.5" />,
  log: <ScrollText className="h-3.5 w-3.5" />,
  comment: <MessageSquare className="h-3.5 w-3.5" />,
};

const TYPE_LABEL: Record<string, string> = {
  check: 'Check',
  config: 'Config',
  config_change: 'Config change',
  config_analysis: 'Config analysis',
  topology: 'Component',
  log: 'Log',
  comment: 'Comment',
};

/** Text of a log or comment evidence: its `evidence` payload's lines, else the description. */
function evidenceText(e: Evidence): string {
  const payload = e.evidence;
  if (typeof payload === 'string') return payload;
  if (payload && typeof payload === 'object') {
    const p = payload as Record<string, unknown>;
    for (const key of ['lines', 'logs', 'comment', 'message']) {
      const v = p[key];
      if (typeof v === 'string') return v;
      if (Array.isArray(v)) return v.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
    }
  }
  return e.description;
}

/**
 * One evidence row, drawn per type: a check with status and uptime, a linked config or component,
 * log lines, a comment. `compact` (the definition of done sidebar) leaves out the type and uptime.
 */
export function EvidenceView({ evidence, compact }: { evidence: Evidence; compact?: boolean }) {
  let body: ReactNode;
  switch (evidence.type) {
    case 'check':
      body = <CheckEvidence evidence={evidence} compact={compact} />;
      break;
    case 'config':
      body = <LinkedEvidence to={`/catalog/${evidence.config_id}`} label={evidence.description || 'Config item'} />;
      break;
    case 'config_change':
      body = (
        <LinkedEvidence
          to={`/catalog/${evidence.config_id}/changes`}
          label={evidence.description || `Change ${evidence.config_change_id ?? ''}`}
        />
      );
      break;
    case 'config_analysis':
      body = (
        <LinkedEvidence
          to={`/catalog/${evidence.config_id}/insights`}
          label={evidence.description || `Insight ${evidence.config_analysis_id ?? ''}`}
        />
      );
      break;
    case 'topology':
      body = <LinkedEvidence to={`/topology/${evidence.component_id}`} label={evidence.description || 'Component'} />;
      break;
    default:
      body = (
        <pre className="max-h-32 overflow-auto rounded bg-zinc-50 px-2 py-1 font-mono text-xs whitespace-pre-wrap text-zinc-700">
          {evidenceText(evidence)}
        </pre>
      );
  }
  return (
    <span className="flex min-w-0 flex-1 items-start gap-2 text-sm">
      {!compact && (
        <span
          className="mt-0.5 inline-flex shrink-0 items-center gap-1 rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] text-zinc-600"
          title={TYPE_LABEL[evidence.type] ?? evidence.type}
        >
          {ICONS[evidence.type]}
          {TYPE_LABEL[evidence.type] ?? evidence.type}
        </span>
      )}
      <span className="min-w-0 flex-1">{body}</span>
    </span>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useFallbackInterval } from '../../app/live/LiveUpdates.js';
import { useSession } from '../../app/session.js';
import { Age } from '../../ui/Age.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { Tabs } from '../../ui/Tabs.js';
import { useToasts } from '../../ui/Toasts.js';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { ChangesBeforeFailure } from '../catalog/ChangesBeforeFailure.js';
import { LinkToIncidentButton } from '../incidents/index.js';
import { PlaybooksMenu } from '../playbooks/components/PlaybooksMenu.js';
import { runCheck } from './api.js';
import { CheckHistory } from './CheckHistory.js';
import { CheckIcon } from './CheckIcon.js';
import { CheckIncidents } from './CheckIncidents.js';
import { CheckRelationships, CheckSpec, useRelationships } from './CheckTabs.js';
import { StatusDot } from './StatusDot.js';
import type { CheckSummary } from './types.js';
import { useSummary } from './useSummary.js';
import { formatLatency, formatUptime, TIME_RANGES, timeRangeMs } from './utils.js';

// the chart stays out of the health page bundle until a Graph tab is opened
const CheckGraph = lazy(() => import('./CheckGraph.js'));

/**
 * The Graph tab exists only on short screens: as in Mission Control, a
 * window up to 992 px high has it as a tab, and a taller one shows the graph above the tabs.
 */
export const SHORT_SCREEN = '(max-height: 992px)';

/** Roles shown Run Now. */
const VISIBLE_LABELS = 3;

/** The check detail (modal body or standalone page): header, range picker, Run Now and four tabs. */
export function CheckDetail({
  checkId,
  timeRange,
  onTimeRange,
}: {
  checkId: string;
  timeRange: string;
  onTimeRange: (range: string) => void;
}) {
  const summary = useSummary(timeRange, { checkId, refreshMs: useFallbackInterval(30_000) || 0 });
  const check = summary.data?.checks[0];
  const [tab, setTab] = useState('history');
  const relationships = useRelationships(checkId);
  const short = useMediaQuery(SHORT_SCREEN);
  // the range start, fixed per range so the history and graph queries keep their keys
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the range or data changes
  const from = useMemo(
    () => new Date(Date.now() - timeRangeMs(timeRange)).toISOString(),
    [timeRange, summary.dataUpdatedAt],
  );

  if (summary.isPending) return <LoadingBlock />;
  if (!check) return <EmptyState message="No details found" />;
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <CheckHeader check={check} timeRange={timeRange} onTimeRange={onTimeRange} />
      {!short && (
        <section aria-label="Latency graph">
          <Suspense fallback={<LoadingBlock />}>
            <CheckGraph checkId={checkId} from={from} />
          </Suspense>
        </section>
      )}
      <Tabs
        label="Check detail"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'history', label: 'History', content: <CheckHistory checkId={checkId} from={from} /> },
          {
            id: 'graph',
            label: 'Graph',
            hidden: !short,
            content: (
              <Suspense fallback={<LoadingBlock />}>
                <CheckGraph checkId={checkId} from={from} />
              </Suspense>
            ),
          },
          { id: 'spec', label: 'Spec', content: <CheckSpec checkId={checkId} /> },
          {
            id: 'relationships',
            label: 'Relationships',
            count: relationships.data?.length ?? 0,
            content: <CheckRelationships items={relationships.data ?? []} checkId={checkId} />,
          },
          {
            id: 'changes',
            label: 'What changed',
            content: <ChangesBeforeFailure checkId={checkId} />,
          },
        ]}
      />
    </div>
  );
}

function CheckHeader({
  check,
  timeRange,
  onTimeRange,
}: {
  check: CheckSummary;
  timeRange: string;
  onTimeRange: (range: string) => void;
}) {
  const session = useSession();
  const canRun = session.canRunChecks;
  const [allLabels, setAllLabels] = useState(false);
  const labels = Object.entries(check.labels);
  const shown = allLabels ? labels : labels.slice(0, VISIBLE_LABELS);
  const total = check.uptime.passed + check.uptime.failed;
  return (
    <div className="flex flex-col gap-2">
      {/* on a phone the name keeps its own row (wrapping, never cut) and the actions wrap below it */}
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-2">
          <CheckIcon type={check.type} icon={check.icon} />
          <StatusDot status={check.status} />
          <h3 className="min-w-0 text-lg font-semibold break-words text-zinc-900">{check.name}</h3>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label="Time range"
            className="h-8 rounded-md border border-zinc-300 px-2 text-sm"
            value={timeRange}
            onChange={(e) => onTimeRange(e.target.value)}
          >
            {TIME_RANGES.map(([r]) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {canRun && <RunNow checkId={check.id} />}
          <PlaybooksMenu target={{ check_id: check.id }} />
          <LinkToIncidentButton
            size="md"
            target={{ check_id: check.id }}
            defaultTitle={`${check.name} is ${check.status ?? 'unhealthy'}`}
          />
        </div>
      </div>
      <ul aria-label="Labels" className="flex flex-wrap gap-1">
        {shown.map(([k, v]) => (
          <li key={k} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">
            {k}: {v}
          </li>
        ))}
        {!allLabels && labels.length > VISIBLE_LABELS && (
          <li>
            <button type="button" className="text-xs text-indigo-700" onClick={() => setAllLabels(true)}>
              +{labels.length - VISIBLE_LABELS} more
            </button>
          </li>
        )}
      </ul>
      <CheckIncidents checkId={check.id} />
      <dl className="grid grid-cols-3 gap-x-6 gap-y-1 text-sm sm:grid-cols-6">
        <Stat label="Uptime" value={total ? `${formatUptime(check.uptime)} (${check.uptime.passed}/${total})` : '-'} />
        <Stat label="P95" value={formatLatency(check.latency.p95) || '-'} />
        <Stat label="P97" value={formatLatency(check.latency.p97) || '-'} />
        <Stat label="P99" value={formatLatency(check.latency.p99) || '-'} />
        <Stat label="Severity" value={check.severity ?? '-'} />
        <Stat
          label="Last run"
          value={check.last_runtime ? <Age date={check.last_runtime} suffix=" ago" /> : '-'}
          extra={check.next_runtime ? <>next {new Date(check.next_runtime).toLocaleTimeString()}</> : null}
        />
      </dl>
    </div>
  );
}

function Stat({ label, value, extra }: { label: string; value: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd data-stat={label} className="font-medium text-zinc-900 tabular-nums">
        {value}
        {/* a real space, so the text reads "12s ago next 7:35" (copied, read aloud) */}
        {extra && (
          <>
            {' '}
            <span className="text-xs font-normal text-zinc-500">{extra}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function RunNow({ checkId }: { checkId: string }) {
  const client = useQueryClient();
  const toasts = useToasts();
  const run = useMutation({
    mutationFn: () => runCheck(checkId),
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: ['health'] });
      if (result.pass) toasts.success(result.message || 'Check passed');
      else toasts.error(result.error || result.message || 'Check failed');
    },
    onError: (err) => toasts.error(err instanceof Error ? err.message : 'An error occurred'),
  });
  return (
    <Button
      variant="primary"
      icon={<Play className="h-3.5 w-3.5" />}
      disabled={run.isPending}
      onClick={() => run.mutate()}
    >
      {run.isPending ? 'Running...' : 'Run Now'}
    </Button>
  );
}

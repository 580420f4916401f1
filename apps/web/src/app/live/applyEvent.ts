import type { CheckSummary } from '@opsdeck/schema';
import type { LiveEventName, LiveEvents } from '@opsdeck/schema/live';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SummaryData } from '../../features/health/api.js';

/** How long invalidations wait to be coalesced (a burst of changes costs one refetch). */
export const COALESCE_MS = 250;
/** Summaries (all checks, megabytes at 10,000) are fetched again after transitions at most this often. */
export const SUMMARY_REFETCH_MS = 10_000;

/** The query families live events keep current. */
const LIVE_ROOTS = ['health', 'incidents', 'playbooks'] as const;

type Patch = Partial<Pick<CheckSummary, 'status' | 'last_runtime' | 'last_transition_time'>>;

/** Patches the rows of every cached health summary in place; untouched rows keep their identity. */
function patchSummaries(client: QueryClient, patches: Map<string, Patch>): void {
  if (!patches.size) return;
  client.setQueriesData<SummaryData>({ queryKey: ['health', 'summary'] }, (data) => {
    if (!data) return data;
    let changed = false;
    const checks = data.checks.map((row) => {
      const patch = patches.get(row.id);
      if (!patch) return row;
      // an older result arriving late never overwrites a newer run
      if (patch.last_runtime && row.last_runtime && patch.last_runtime < row.last_runtime) return row;
      changed = true;
      return { ...row, ...patch };
    });
    return changed ? { ...data, checks } : data;
  });
}

/**
 * Applies stream events to the query cache: check results and transitions patch the health
 * summaries at once; everything else marks the queries that show it stale, coalesced, so only
 * what is on screen refetches.
 */
export class LiveCache {
  private keys: QueryKey[] = [];
  private checks = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private summaryDue = false;
  private summaryTimer: ReturnType<typeof setTimeout> | undefined;
  private summaryAt = 0;

  constructor(private readonly client: QueryClient) {}

  apply<N extends LiveEventName>(name: N, data: LiveEvents[N]): void {
    switch (name) {
      case 'check.results': {
        const { results } = data as LiveEvents['check.results'];
        const patches = new Map<string, Patch>();
        for (const r of results) {
          patches.set(r.check_id, { status: r.status, last_runtime: r.time });
          this.checks.add(r.check_id);
        }
        patchSummaries(this.client, patches);
        break;
      }
      case 'check.transition': {
        const t = data as LiveEvents['check.transition'];
        if (t.to === 'healthy' || t.to === 'unhealthy') {
          patchSummaries(this.client, new Map([[t.check_id, { status: t.to, last_transition_time: t.at }]]));
        }
        this.summaryDue = true; // uptime and latency come with the next summary
        this.checks.add(t.check_id);
        this.keys.push(['incidents', 'check', t.check_id]);
        break;
      }
      case 'incident': {
        const { id } = data as LiveEvents['incident'];
        this.keys.push(['incidents', 'list'], ['incidents', 'active'], ['incidents', id], ['incidents', 'check']);
        break;
      }
      case 'playbook_run': {
        const { id } = data as LiveEvents['playbook_run'];
        this.keys.push(['playbooks', 'runs'], ['playbooks', 'run', id]);
        break;
      }
      case 'reset':
        this.keys.push(...LIVE_ROOTS.map((root) => [root]));
        break;
      default:
        return;
    }
    this.schedule();
  }

  /**
   * Reads again what live events keep current and has already loaded; fetches in flight are kept,
   * and so is a health summary a page shows fresh (read within its staleTime, as on a first load):
   * asking again for the summary just answered doubles the page's costliest request, and every
   * check's next result patches it anyway. Anything else (a playbook run, an incident) may not
   * change again, so what changed before the stream opened is read again.
   */
  resync(): void {
    for (const root of LIVE_ROOTS) {
      void this.client.invalidateQueries(
        {
          queryKey: [root],
          predicate: (q) => q.state.dataUpdatedAt > 0 && q.state.fetchStatus === 'idle' && !freshSummary(q),
        },
        { cancelRefetch: false },
      );
    }
  }

  /** Drops what waits (the stream closed with the page). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.summaryTimer) clearTimeout(this.summaryTimer);
    this.timer = undefined;
    this.summaryTimer = undefined;
    this.keys = [];
    this.checks.clear();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  /** Marks what changed stale now (also called by the timer). */
  flush(): void {
    this.timer = undefined;
    const keys = this.keys;
    const checks = this.checks;
    this.keys = [];
    this.checks = new Set();
    for (const queryKey of keys) void this.client.invalidateQueries({ queryKey });
    if (this.summaryDue) {
      const wait = this.summaryAt + SUMMARY_REFETCH_MS - Date.now();
      if (wait > 0) {
        this.summaryTimer ??= setTimeout(() => {
          this.summaryTimer = undefined;
          this.flush();
        }, wait);
      } else {
        this.summaryDue = false;
        this.summaryAt = Date.now();
        void this.client.invalidateQueries({ queryKey: ['health', 'summary'] });
      }
    }
    if (checks.size) {
      // the open check's history and graph (their keys are ['health', kind, checkId, ...])
      void this.client.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'health' &&
          (q.queryKey[1] === 'history' || q.queryKey[1] === 'graph') &&
          checks.has(q.queryKey[2] as string),
      });
    }
  }
}

/** A health summary a page shows and read within its staleTime. */
function freshSummary(q: Query): boolean {
  return q.queryKey[0] === 'health' && q.queryKey[1] === 'summary' && q.getObserversCount() > 0 && !q.isStale();
}

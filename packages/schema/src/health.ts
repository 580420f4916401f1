/**
 * One row of `checks_summary` from GET /api/canary/api/summary: Mission Control's CheckSummary plus
 * endpoint and next_runtime. Written by the server's health/summary.ts, read by the Health page.
 */
export interface CheckSummary {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string | null;
  description?: string;
  endpoint?: string;
  icon?: string;
  type: string;
  owner?: string;
  severity?: string;
  labels: Record<string, string>;
  status: 'healthy' | 'unhealthy' | null;
  uptime: { passed: number; failed: number };
  /**
   * Milliseconds over the window. 15m and 1h: the exact nearest-rank percentile of the window's
   * results (percentile_disc). Longer windows: interpolated in the rollups' latency histogram
   * bucket that holds it (accurate to the bucket's width).
   */
  latency: { p95?: number; p97?: number; p99?: number; rolling1h: number };
  last_runtime?: string;
  next_runtime?: string;
  last_transition_time?: string;
  created_at?: string;
  updated_at?: string;
  silenced_at?: string;
}

/** A check's health as the summary's `status` filter names it: `unknown` is a check that has not run yet. */
export type CheckHealthFilter = 'healthy' | 'unhealthy' | 'unknown';

/** The reply of GET /api/canary/api/summary. */
export interface CheckSummaryReply {
  /** Milliseconds the server took to gather it. */
  duration: number;
  runnerName: string;
  /** The live checks in name order, only those of the asked `status` values when the request named any. */
  checks_summary: CheckSummary[] | null;
  /** How many live checks there are (0 or 1 with `checkId`), whatever the `status` filter left out. */
  total: number;
}

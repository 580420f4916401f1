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
   * Milliseconds over the window. 15m and 1h: the nearest-rank percentile within 1% (exact under
   * 50 ms; a quantile sketch per check). Longer windows: interpolated in the rollups' latency
   * histogram bucket that holds it (accurate to the bucket's width).
   */
  latency: { p95?: number; p97?: number; p99?: number; rolling1h: number };
  last_runtime?: string;
  next_runtime?: string;
  last_transition_time?: string;
  created_at?: string;
  updated_at?: string;
  silenced_at?: string;
}

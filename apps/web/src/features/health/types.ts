/** One row of GET /api/canary/api/summary `checks_summary`. */
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
  latency: { p95?: number; p97?: number; p99?: number; rolling1h: number };
  last_runtime?: string;
  next_runtime?: string;
  last_transition_time?: string;
}

/** One row of check_statuses (the History tab). */
export interface CheckStatusRow {
  check_id: string;
  time: string;
  status: boolean | null;
  invalid: boolean | null;
  duration: number | null;
  message: string | null;
  error: string | null;
}

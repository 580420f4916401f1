import { ComingSoon } from '../../ui/ComingSoon.js';

/** /health and /view/health: the health checks (canaries) page. */
export function HealthPage() {
  return (
    <ComingSoon title="Health checks">
      Every health check with its status, uptime, latency and history, filters by label and status, and a check detail
      with its spec and relationships.
    </ComingSoon>
  );
}

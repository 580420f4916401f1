import { ComingSoon } from '../../ui/ComingSoon.js';

/** /logs: log search across the configured log backends. */
export function LogsPage() {
  return (
    <ComingSoon title="Logs">
      Search the logs of a component or config item across the configured log backends, by time range and query.
    </ComingSoon>
  );
}

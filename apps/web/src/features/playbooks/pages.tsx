import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /playbooks: the playbook list. */
export function PlaybooksPage() {
  return (
    <ComingSoon title="Playbooks">
      Runbooks you can start by hand, on a schedule, on events or through webhooks, grouped by category.
    </ComingSoon>
  );
}

/** /playbooks/runs: past and running playbook runs. */
export function PlaybookRunsPage() {
  return (
    <ComingSoon title="Playbook runs">
      Every run of every playbook with its status, duration, resource and approvals.
    </ComingSoon>
  );
}

/** /playbooks/runs/:id: one run with its actions. */
export function PlaybookRunPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Playbook run">
      Run <code className="font-mono text-xs">{id}</code>: its actions, their logs and artifacts, approvals and child
      runs.
    </ComingSoon>
  );
}

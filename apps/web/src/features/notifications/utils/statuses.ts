export { SEND_STATUSES, type SendStatus } from '@opsdeck/schema/notifications';

/** Resource kinds a send can be about, for the resource type filter. */
export const RESOURCE_KINDS = ['check', 'config', 'component', 'canary', 'incident'] as const;

const LABELS: Record<string, string> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  skipped: 'Skipped',
  silenced: 'Silenced',
  'repeat-interval': 'Repeat interval',
  inhibited: 'Inhibited',
  pending_playbook_run: 'Pending playbook run',
  pending_playbook_completion: 'Pending playbook completion',
  'evaluating-waitfor': 'Evaluating wait-for',
  attempting_fallback: 'Attempting fallback',
};

/** The words a person reads for a status; unknown values are shown as they are. */
export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}

/** Colour family of a status badge: green sent, red error, amber waiting, grey held back. */
export function statusTone(status: string): 'green' | 'red' | 'amber' | 'grey' {
  if (status === 'sent') return 'green';
  if (status === 'error') return 'red';
  if (status.startsWith('pending') || status === 'evaluating-waitfor' || status === 'attempting_fallback')
    return 'amber';
  return 'grey';
}

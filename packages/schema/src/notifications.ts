/** Every send-history status of the reference: what the server records and the pages filter by. */
export const SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'skipped',
  'silenced',
  'repeat-interval',
  'inhibited',
  'pending_playbook_run',
  'pending_playbook_completion',
  'evaluating-waitfor',
  'attempting_fallback',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

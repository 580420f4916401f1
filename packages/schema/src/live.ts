// The events of GET /api/events/stream (server-sent events), as the server sends them and the
// web app reads them. Payloads are small on purpose: the app patches or refetches what it shows.

/** One stored check result. */
export interface LiveCheckResult {
  check_id: string;
  status: 'healthy' | 'unhealthy';
  /** When the check ran (ISO). */
  time: string;
  /** Milliseconds. */
  duration: number;
}

/** Each event name with its data. */
export interface LiveEvents {
  /** A batch of stored results (one batch may be split over several events). */
  'check.results': { results: LiveCheckResult[] };
  /** A check's status changed. */
  'check.transition': { check_id: string; canary_id: string; from: string | null; to: string | null; at: string };
  /** An incident, or something on it (responders, hypotheses, comments), changed. */
  incident: { id: string; op: 'insert' | 'update' | 'delete'; status?: string; severity?: string; part?: string };
  /** A playbook run or one of its actions changed. */
  playbook_run: { id: string; status: string; playbook_id?: string; action_id?: string };
  /** Events may have been missed: refetch what is shown. */
  reset: Record<string, never>;
  /** The server ended the stream (signed out, shutting down). */
  end: { reason: string };
}

export type LiveEventName = keyof LiveEvents;

export const LIVE_EVENT_NAMES: readonly LiveEventName[] = [
  'check.results',
  'check.transition',
  'incident',
  'playbook_run',
  'reset',
  'end',
];

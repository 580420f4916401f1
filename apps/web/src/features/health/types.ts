import type { CheckSummary } from '@opsdeck/schema';

export type { CheckSummary };

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

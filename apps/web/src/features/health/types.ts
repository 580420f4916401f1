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
  /** Files an exec check kept with this result (`details.artifacts`). */
  artifacts?: ArtifactNote[] | null;
}

/** One artifact of a result: downloadable when it has an id, else why it was not kept. */
export interface ArtifactNote {
  id?: string;
  path: string;
  size?: number;
  error?: string;
}

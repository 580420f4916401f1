/** Sources `POST /api/import/:source` and `opsdeck import` read. */
export const IMPORT_SOURCES = ['kuma', 'gatus'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Something not carried over, or carried over with a difference, and why. */
export interface ImportRemark {
  /** `monitor "Google"`, `notification "Ops Slack"`, `endpoint "api"`. */
  item: string;
  message: string;
}

/** The answer of `POST /api/import/:source`: what was (or, in a dry run, would be) created. Never holds a secret. */
export interface ImportSummary {
  source: ImportSource;
  namespace: string;
  dryRun: boolean;
  canaries: Array<{ name: string; action?: 'created' | 'updated'; checks: Array<{ type: string; name: string }> }>;
  connections: Array<{ name: string; type: string; action?: 'created' | 'updated' }>;
  notifications: Array<{ name: string; events: string[]; canaries: number }>;
  skipped: ImportRemark[];
  notes: ImportRemark[];
}

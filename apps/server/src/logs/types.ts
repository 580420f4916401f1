import type { LogLine } from '@opsdeck/schema';
import type { FileAccess } from '../sandbox/fileRoots.js';

/** What one search asks of a backend: text, the time range in ms, a page size, labels, where to resume. */
export interface LogSearch {
  query: string;
  start: number;
  end: number;
  limit: number;
  labels: Record<string, string>;
  /** This backend's cursor from the previous page: answer only lines older than it. */
  cursor?: string;
  /** The server clock's now, in ms (relative ranges were read against it). */
  now: number;
  signal: AbortSignal;
}

/** One line found, with the cursor that resumes strictly after (older than) it. */
export interface FoundLine {
  ts: number;
  line: LogLine;
  cursor: string;
}

/** At most `limit` lines, newest first; `total` counts every match in the range. */
export interface BackendPage {
  total: number;
  lines: FoundLine[];
}

/** A source of log lines: one member of backends/ a kind. */
export interface LogBackend {
  search(params: LogSearch): Promise<BackendPage>;
}

/** What backends may use of the server: the file allow-list (plus OpsDeck's own log directory). */
export interface BackendContext {
  files: FileAccess & { ownLog?: string };
}

/** A backend's failure the client should see (unreachable, refused, bad template): 502 with the backend named. */
export class LogBackendError extends Error {}

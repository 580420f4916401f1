/** What a PostgREST `Content-Range` header says: the rows returned and, with `count=exact`, the total. */
export interface ContentRange {
  /** Index of the first row returned, or undefined when none were ('*'). */
  from?: number;
  /** Index of the last row returned (inclusive). */
  to?: number;
  /** Total rows matching the query; undefined when the server did not count ('*'). */
  total?: number;
}

const PATTERN = /^\s*(?:[a-z]+\s+)?(?:(\d+)-(\d+)|\*)\s*\/\s*(\d+|\*)\s*$/i;

/** Parses `0-49/1234`, `*\/0`, `items 0-9/*`; returns undefined for anything else. */
export function parseContentRange(header: string | null | undefined): ContentRange | undefined {
  if (!header) return undefined;
  const m = PATTERN.exec(header);
  if (!m) return undefined;
  const [, from, to, total] = m;
  const range: ContentRange = {};
  if (from !== undefined && to !== undefined) {
    range.from = Number(from);
    range.to = Number(to);
    if (range.to < range.from) return undefined;
  }
  if (total !== undefined && total !== '*') range.total = Number(total);
  return range;
}

/** The `Range` header value that asks for one page (`pageIndex` from 0). */
export function pageRange(pageIndex: number, pageSize: number): string {
  const from = Math.max(0, Math.floor(pageIndex)) * pageSize;
  return `${from}-${from + pageSize - 1}`;
}

/** Page sizes a table offers. */
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000] as const;

/** Page sizes of tables paged by the server. */
export const SERVER_PAGE_SIZE_OPTIONS = [50, 100, 200] as const;

/** Default rows per page. */
export const DEFAULT_PAGE_SIZE = 50;

/** Reads a page index from the URL: whole and >= 0, else 0. */
export function parsePageIndex(raw: string | null | undefined): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 ? n : 0;
}

/** Reads a page size from the URL: one of `options`, else `fallback`. */
export function parsePageSize(
  raw: string | null | undefined,
  options: readonly number[] = PAGE_SIZE_OPTIONS,
  fallback: number = DEFAULT_PAGE_SIZE,
): number {
  const n = Number(raw);
  return raw && options.includes(n) ? n : fallback;
}

/** Number of pages for `total` rows (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

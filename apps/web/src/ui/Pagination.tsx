import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { pageCount } from '../utils/pagination.js';
import { IconButton } from './Button.js';

export interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const fmt = new Intl.NumberFormat();

/** Table footer: 'Showing 1–50 of 1,234', rows per page, first/previous/next/last and go to page. */
export function Pagination({
  pageIndex,
  pageSize,
  total,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const sizeId = useId();
  const [draft, setDraft] = useState(String(pageIndex + 1));
  useEffect(() => setDraft(String(pageIndex + 1)), [pageIndex]);

  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const go = (raw: string) => {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1 && n <= pages) onPageChange(n - 1);
    else setDraft(String(pageIndex + 1));
  };

  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 text-xs text-zinc-600"
    >
      <span className="tabular-nums">
        {total === 0 ? 'No rows' : `Showing ${fmt.format(first)}–${fmt.format(last)} of ${fmt.format(total)}`}
      </span>
      <span className="flex-1" />
      <label htmlFor={sizeId} className="flex items-center gap-1.5">
        Rows per page
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
          className="h-7 rounded-md border border-zinc-300 bg-white px-1.5 text-xs"
        >
          {pageSizeOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span className="flex items-center gap-0.5">
        <IconButton label="First page" disabled={pageIndex === 0} onClick={() => onPageChange(0)}>
          <ChevronsLeft className="h-4 w-4" />
        </IconButton>
        <IconButton label="Previous page" disabled={pageIndex === 0} onClick={() => onPageChange(pageIndex - 1)}>
          <ChevronLeft className="h-4 w-4" />
        </IconButton>
        <span className="flex items-center gap-1.5 px-1">
          <input
            aria-label="Go to page"
            type="number"
            min={1}
            max={pages}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={(e) => go(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && go(e.currentTarget.value)}
            className="h-7 w-14 rounded-md border border-zinc-300 px-1.5 text-center text-xs tabular-nums"
          />
          <span className="tabular-nums">of {fmt.format(pages)}</span>
        </span>
        <IconButton label="Next page" disabled={pageIndex >= pages - 1} onClick={() => onPageChange(pageIndex + 1)}>
          <ChevronRight className="h-4 w-4" />
        </IconButton>
        <IconButton label="Last page" disabled={pageIndex >= pages - 1} onClick={() => onPageChange(pages - 1)}>
          <ChevronsRight className="h-4 w-4" />
        </IconButton>
      </span>
    </nav>
  );
}

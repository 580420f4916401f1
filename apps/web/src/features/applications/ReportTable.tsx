import type { ReactNode } from 'react';

export type Cell = ReactNode;

/** One section of the report: a titled table (or an empty line), printed whole where it fits. */
export function ReportTable({
  title,
  headers,
  rows,
  empty,
  children,
}: {
  title: string;
  headers: string[];
  rows: Cell[][];
  empty: string;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} className="report-section rounded-lg bg-white p-4 ring-1 ring-zinc-200">
      <h2 className="mb-2 text-base font-semibold text-zinc-900">{title}</h2>
      {children}
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500 italic">{empty}</p>
      ) : (
        <table className="w-full text-left text-xs">
          <thead className="border-b border-zinc-200 text-zinc-500">
            <tr>
              {headers.map((h) => (
                <th key={h} className="px-2 py-1.5 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // rows have no stable id across kinds; the report never reorders them
              // biome-ignore lint/suspicious/noArrayIndexKey: static report rows
              <tr key={i} className="border-b border-zinc-100 last:border-0 align-top">
                {r.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={j} className="px-2 py-1.5 text-zinc-700">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A date as the report prints it: local date and time, nothing when missing. */
export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '');

/** Counts per value of `key` ("failed 2 · completed 5"). */
export function tally<T>(items: T[], key: (t: T) => string | null): string {
  const counts = new Map<string, number>();
  for (const i of items) {
    const k = key(i) ?? 'unknown';
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ${n}`).join(' · ');
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errors.js';
import { previewWindows } from './api.js';
import { formatInstant, viewerZone } from './zonedTime.js';

/** The next windows of a spec as the server will keep them (POST /api/maintenance/preview), in the viewer's zone. */
export function WindowPreview({ spec }: { spec: unknown }) {
  const key = JSON.stringify(spec ?? {});
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(key), 300);
    return () => clearTimeout(t);
  }, [key]);
  const preview = useQuery({
    queryKey: ['settings', 'maintenance', 'preview', debounced],
    queryFn: ({ signal }) => previewWindows(JSON.parse(debounced) as unknown, signal),
    retry: false,
    staleTime: 60_000,
  });
  const zone = viewerZone();
  return (
    <section aria-label="Next windows" className="rounded-md border border-zinc-200 bg-zinc-50 p-3">
      <h3 className="mb-1 text-xs font-medium text-zinc-700">Next windows ({zone})</h3>
      {preview.isPending ? (
        <p className="text-xs text-zinc-500">Working out the next windows…</p>
      ) : preview.isError ? (
        <p className="text-xs text-amber-700">{errorMessage(preview.error)}</p>
      ) : preview.data.windows.length === 0 ? (
        <p className="text-xs text-zinc-500">No window in the coming year.</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-xs text-zinc-700">
          {preview.data.windows.map((w) => (
            <li key={w.start}>
              {formatInstant(w.start, zone)} – {formatInstant(w.end, zone)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Paperclip } from 'lucide-react';
import { directDownloadClick } from '../../api/download.js';
import type { ArtifactNote } from './types.js';

/** A size in B, KiB or MiB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** The files a result kept: a download link each, or why it was not kept. */
export function ArtifactLinks({ artifacts }: { artifacts: ArtifactNote[] }) {
  return (
    <ul aria-label="Artifacts" className="mt-1 flex flex-col gap-0.5 text-xs">
      {artifacts.map((a) => (
        <li key={a.id ?? a.path} className="flex items-center gap-1">
          <Paperclip aria-hidden className="h-3 w-3 shrink-0 text-zinc-400" />
          {a.id ? (
            <a
              className="text-blue-700 underline-offset-2 hover:underline"
              href={`/api/artifacts/download/${encodeURIComponent(a.id)}`}
              onClick={directDownloadClick(`/api/artifacts/download/${encodeURIComponent(a.id)}`, a.path)}
              download
            >
              {a.path}
            </a>
          ) : (
            <span className="text-zinc-500">{a.path}</span>
          )}
          <span className="text-zinc-500">{a.id ? formatBytes(a.size ?? 0) : `not kept: ${a.error ?? ''}`}</span>
        </li>
      ))}
    </ul>
  );
}

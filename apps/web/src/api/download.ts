import { apiFetch } from './client.js';
import { apiTarget } from './target.js';

/**
 * Fetches a file from the API with this app's credentials (in direct mode the bearer token) and
 * hands it to the browser under the server's file name; an error answer throws its message.
 */
export async function saveDownload(path: string, fallbackName: string, what = 'download'): Promise<void> {
  const res = await apiFetch(path);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `${what} failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * onClick of a plain `<a href="/api/..." download>`: in direct mode a link cannot carry the bearer
 * token, so the file is fetched with it instead; otherwise the link does its usual job.
 */
export function directDownloadClick(path: string, fallbackName: string) {
  return (e: { preventDefault(): void }) => {
    if (!apiTarget.direct) return;
    e.preventDefault();
    void saveDownload(path, fallbackName).catch((err: unknown) =>
      console.warn('download failed:', err instanceof Error ? err.message : String(err)),
    );
  };
}

import { api } from '../../../api/client.js';

/** The next windows of a maintenance spec, as the server will keep them. */
export interface WindowsPreview {
  windows: Array<{ start: string; end: string }>;
}

/** Asks the server for the next windows of an unsaved spec (POST /api/maintenance/preview). */
export function previewWindows(spec: unknown, signal?: AbortSignal): Promise<WindowsPreview> {
  return api.post<WindowsPreview>('/api/maintenance/preview', { spec }, { signal });
}

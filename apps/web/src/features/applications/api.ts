import type { ApplicationReport, ApplicationSpec } from '@opsdeck/schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { saveDownload } from '../../api/download.js';

/** A row of /api/db/applications as the list page selects it. */
export interface ApplicationRow {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  source: string;
  spec: ApplicationSpec;
  created_at: string;
}

const seg = encodeURIComponent;

/** Where the report's export is downloaded from (a plain GET: the session cookie authorizes it). */
export const exportUrl = (namespace: string, name: string, format: 'json' | 'html') =>
  `/api/application/${seg(namespace)}/${seg(name)}/export?format=${format}`;

export const applicationQueries = {
  list: () =>
    queryOptions({
      queryKey: ['applications', 'list'],
      queryFn: ({ signal }) =>
        api.get<ApplicationRow[]>('/api/db/applications', {
          params: {
            select: 'id,name,namespace,description,source,spec,created_at',
            deleted_at: 'is.null',
            order: 'namespace.asc,name.asc',
          },
          signal,
        }),
    }),
  report: (namespace: string, name: string) =>
    queryOptions({
      queryKey: ['applications', 'report', namespace, name],
      queryFn: ({ signal }) =>
        api.get<ApplicationReport>(`/api/application/${seg(namespace)}/${seg(name)}`, { signal }),
    }),
};

/**
 * Downloads the report's export: fetched with the session, then saved under the server's file
 * name (a plain link's download is cancelled by some headless browsers and loses error messages).
 */
export function downloadExport(namespace: string, name: string, format: 'json' | 'html'): Promise<void> {
  return saveDownload(exportUrl(namespace, name, format), `audit.${format}`, 'export');
}

import type { ImportSource, ImportSummary } from '@opsdeck/schema/imports';
import { api } from '../../../api/client.js';

/** `POST /api/import/:source`: a dry run answers the plan, otherwise the import is stored. */
export function runImport(source: ImportSource, body: { content: string; namespace: string; dryRun: boolean }) {
  return api.post<ImportSummary>(`/api/import/${source}`, body);
}

export const SOURCE_LABELS: Record<ImportSource, { title: string; file: string; accept: string }> = {
  kuma: {
    title: 'Uptime Kuma',
    file: 'Backup file (JSON, from Settings › Backup › Export)',
    accept: '.json,application/json',
  },
  gatus: { title: 'Gatus', file: 'Configuration file (config.yaml)', accept: '.yaml,.yml,text/yaml' },
};

import { IMPORT_SOURCES, type ImportSource, type ImportSummary } from '@opsdeck/schema/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors.js';
import { Button } from '../../../ui/Button.js';
import { useToasts } from '../../../ui/Toasts.js';
import { plural } from '../../../utils/plural.js';
import { runImport, SOURCE_LABELS } from './api.js';
import { ImportSummaryView } from './ImportSummaryView.js';

/**
 * /settings/import: bring monitors over from Uptime Kuma or Gatus. Preview (a dry run) shows what
 * would be created and what cannot be carried over; Import stores it all at once.
 */
export function ImportPage() {
  const [source, setSource] = useState<ImportSource>('kuma');
  const [namespace, setNamespace] = useState('kuma');
  const [file, setFile] = useState<{ name: string; content: string }>();
  const [summary, setSummary] = useState<ImportSummary>();
  const client = useQueryClient();
  const toasts = useToasts();
  const mutation = useMutation({
    mutationFn: (dryRun: boolean) =>
      runImport(source, { content: file?.content ?? '', namespace: namespace.trim() || source, dryRun }),
    onSuccess: (s) => {
      setSummary(s);
      if (!s.dryRun) {
        toasts.success(
          `Imported ${plural(s.canaries.length, 'canary', 'canaries')} from ${SOURCE_LABELS[s.source].title}`,
        );
        return client.invalidateQueries();
      }
    },
  });

  const chooseSource = (next: ImportSource) => {
    if (namespace === source) setNamespace(next);
    setSource(next);
    setSummary(undefined);
  };

  return (
    <div className="flex h-full flex-col gap-4 overflow-auto p-4">
      <form
        className="flex max-w-2xl flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          mutation.mutate(true);
        }}
      >
        <p className="text-sm text-zinc-600">
          Bring monitors, notification channels and alerting over from another monitor. Preview first: nothing is stored
          until you import.
        </p>
        <fieldset className="flex gap-4 text-sm">
          <legend className="mb-1 text-xs font-medium text-zinc-500">Import from</legend>
          {IMPORT_SOURCES.map((s) => (
            <label key={s} className="flex items-center gap-2">
              <input type="radio" name="source" checked={source === s} onChange={() => chooseSource(s)} />
              {SOURCE_LABELS[s].title}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-xs font-medium text-zinc-500">{SOURCE_LABELS[source].file}</span>
          <input
            type="file"
            accept={SOURCE_LABELS[source].accept}
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setSummary(undefined);
              setFile(f ? { name: f.name, content: await f.text() } : undefined);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-xs font-medium text-zinc-500">Namespace</span>
          <input
            className="rounded border border-zinc-300 px-2 py-1"
            value={namespace}
            onChange={(e) => setNamespace(e.target.value)}
          />
        </label>
        {mutation.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(mutation.error)}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={!file || mutation.isPending}>
            Preview
          </Button>
          <Button
            variant="primary"
            icon={<Upload className="h-4 w-4" />}
            disabled={!file || mutation.isPending || !summary?.dryRun}
            title={summary?.dryRun ? undefined : 'Preview the import first'}
            onClick={() => mutation.mutate(false)}
          >
            Import
          </Button>
        </div>
      </form>
      {summary && <ImportSummaryView summary={summary} />}
    </div>
  );
}

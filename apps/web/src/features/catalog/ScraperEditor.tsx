import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play, Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { parse as parseYaml, stringify } from 'yaml';
import { errorMessage } from '../../api/errors.js';
import { useSession } from '../../app/session.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { type EditorView, FormYamlToggle } from '../../ui/forms/FormYamlToggle.js';
import { LazyYamlEditor } from '../../ui/forms/LazyYamlEditor.js';
import { useToasts } from '../../ui/Toasts.js';
import { createScraper, deleteScraper, runScraper, updateScraper } from './api.js';
import { type ScraperDocument, ScraperForm, scraperFormHasErrors } from './ScraperForm.js';
import { parseScraperYaml, scraperYaml } from './scraperDoc.js';
import type { ScraperRow } from './types.js';

/** The document the YAML holds, or undefined while it does not parse to one (the form then stays closed). */
function yamlDocument(text: string): ScraperDocument | undefined {
  try {
    const v = parseYaml(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as ScraperDocument) : undefined;
  } catch {
    return undefined;
  }
}

/** The scraper's form builder and YAML editor over one document, with Save, Delete and Run Now. */
export function ScraperEditor({ row, readOnly }: { row?: ScraperRow; readOnly: boolean }) {
  const session = useSession();
  const toasts = useToasts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState(() => scraperYaml(row));
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [view, setView] = useState<EditorView>('yaml');
  const [showErrors, setShowErrors] = useState(false);
  const doc = useMemo(() => yamlDocument(text), [text]);
  const canSave = !readOnly && session.can('config_scrapers', row ? 'update' : 'create');
  const canRun = !!row && session.can('config_scrapers', 'update');

  const save = useMutation({
    mutationFn: async () => {
      const parsed = parseScraperYaml(text);
      if (!parsed.ok) throw new Error(parsed.error);
      if (!row) return createScraper({ name: parsed.name, namespace: parsed.namespace, spec: parsed.spec });
      await updateScraper(row.id, parsed.spec);
      return row.id;
    },
    onSuccess: async (id) => {
      setProblem(undefined);
      toasts.success(row ? 'Scraper saved' : 'Scraper created');
      await client.invalidateQueries({ queryKey: ['catalog'] });
      if (!row) navigate(`/catalog/scrapers/${id}`, { replace: true });
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => deleteScraper(row?.id as string),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['catalog'] });
      navigate('/catalog/scrapers');
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  const run = useMutation({
    mutationFn: () => runScraper(row?.id as string),
    onSuccess: async () => {
      toasts.success('Scrape finished');
      await client.invalidateQueries({ queryKey: ['catalog'] });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <FormYamlToggle view={view} onChange={setView} formDisabled={!doc} className="mr-auto" />
        {canRun && (
          <Button icon={<Play className="h-3.5 w-3.5" />} disabled={run.isPending} onClick={() => run.mutate()}>
            {run.isPending ? 'Running...' : 'Run Now'}
          </Button>
        )}
        {canSave && row && session.can('config_scrapers', 'delete') && (
          <Button variant="danger" icon={<Trash2 className="h-3.5 w-3.5" />} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
        {canSave && (
          <Button
            variant="primary"
            icon={<Save className="h-3.5 w-3.5" />}
            disabled={save.isPending}
            onClick={() => {
              setShowErrors(true);
              if (view === 'form' && doc && scraperFormHasErrors(doc)) {
                setProblem('Fix the highlighted fields before saving');
                return;
              }
              save.mutate();
            }}
          >
            Save
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {view === 'form' && doc ? (
        <ScraperForm
          doc={doc}
          onChange={(next) => setText(stringify(next))}
          saved={!!row}
          readOnly={!canSave}
          showErrors={showErrors}
        />
      ) : (
        <div className="h-[60vh] overflow-hidden rounded-md ring-1 ring-zinc-200">
          <LazyYamlEditor value={text} onChange={setText} readOnly={!canSave} label="ScrapeConfig YAML" />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete scraper"
        description={`Delete the scraper ${row?.name ?? ''}? Its config items stay in the catalog.`}
        style="delete"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

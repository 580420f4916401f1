import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { cx } from '../../../ui/cx.js';
import { useToasts } from '../../../ui/Toasts.js';
import { canaryQueries, createCanary, deleteCanary, updateCanary } from './api.js';
import { CanaryForm, formHasErrors, NO_CHECKS_MESSAGE } from './CanaryForm.js';
import {
  type CanaryDoc,
  type CanaryRow,
  docChecks,
  docFromRow,
  docToYaml,
  issuesByPath,
  rowFromDoc,
  validateDoc,
  yamlToDoc,
} from './canaryDoc.js';
import { LazyYamlEditor } from './LazyYamlEditor.js';

type View = 'form' | 'yaml';

/** The Spec tab: the form builder and the YAML editor over one document, Save and Delete. */
export function CanarySpecEditor({ row, readOnly }: { row?: CanaryRow; readOnly: boolean }) {
  const session = useSession();
  const toasts = useToasts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [doc, setDoc] = useState<CanaryDoc>(() => docFromRow(row));
  const [view, setView] = useState<View>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const issueMap = useMemo(() => issuesByPath(issues), [issues]);
  const canSave = !readOnly && session.can('canaries', row ? 'update' : 'create');
  const canDelete = !readOnly && !!row && session.can('canaries', 'delete');
  const editable = canSave;

  const save = useMutation({
    mutationFn: async () => {
      const values = rowFromDoc(doc);
      if (!row) return createCanary(values);
      await updateCanary(row.id, { labels: values.labels, spec: values.spec });
      return row.id;
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: canaryQueries.all });
      toasts.success(`${doc.metadata.name} ${row ? 'updated' : 'created'} successfully`);
      // spec part 1 section 2: saving (or cancelling) a settings resource returns to its list
      navigate('/settings/canaries');
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => deleteCanary(row?.id ?? ''),
    onSuccess: async () => {
      toasts.success(`${row?.name} deleted successfully`);
      await client.invalidateQueries({ queryKey: canaryQueries.all });
      navigate('/settings/canaries');
    },
    onError: (err) => {
      setConfirming(false);
      toasts.error(errorMessage(err));
    },
  });

  const switchView = (next: View) => {
    if (next === view) return;
    if (next === 'yaml') {
      setYamlText(docToYaml(doc));
      setYamlError(undefined);
    } else if (yamlError) return; // keep the person in YAML until it parses
    setView(next);
  };
  const onYaml = (text: string) => {
    setYamlText(text);
    const parsed = yamlToDoc(text);
    if ('error' in parsed) setYamlError(parsed.error);
    else {
      setYamlError(undefined);
      // name and namespace are fixed once saved, whatever the YAML says
      setDoc(
        row
          ? { ...parsed.doc, metadata: { ...parsed.doc.metadata, name: row.name, namespace: row.namespace } }
          : parsed.doc,
      );
    }
  };
  const onSave = () => {
    setShowErrors(true);
    if (yamlError || issues.length || formHasErrors(doc)) {
      toasts.error('Fix the highlighted fields before saving');
      return;
    }
    save.mutate();
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <fieldset aria-label="Editor" className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5">
          {(['form', 'yaml'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              disabled={v === 'form' && view === 'yaml' && !!yamlError}
              onClick={() => switchView(v)}
              className={cx(
                'rounded px-3 py-1 text-xs font-medium disabled:opacity-50',
                view === v ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
              )}
            >
              {v === 'form' ? 'Form' : 'YAML'}
            </button>
          ))}
        </fieldset>
        <div className="flex gap-2">
          {canDelete && (
            <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          {canSave && (
            <Button variant="primary" icon={<Save className="h-4 w-4" />} onClick={onSave} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </div>
      </div>

      {view === 'form' ? (
        <CanaryForm
          doc={doc}
          onChange={setDoc}
          saved={!!row}
          readOnly={!editable}
          showErrors={showErrors}
          issues={issueMap}
          onEditYaml={() => switchView('yaml')}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <div className="h-[28rem]">
            <LazyYamlEditor value={yamlText} onChange={onYaml} readOnly={!editable} label="Health check YAML" />
          </div>
          <YamlProblems yamlError={yamlError} issues={issues} noChecks={docChecks(doc).length === 0} />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Delete ${row?.name ?? ''}`}
        description="Are you sure you want to delete this resource?"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** The YAML view's inline problems: the parse error, else the shared schema's issues by path. */
function YamlProblems({
  yamlError,
  issues,
  noChecks,
}: {
  yamlError?: string;
  issues: ReturnType<typeof validateDoc>;
  noChecks: boolean;
}) {
  if (!yamlError && !issues.length && noChecks) {
    return <p className="text-xs text-amber-700">{NO_CHECKS_MESSAGE}</p>;
  }
  if (!yamlError && !issues.length) {
    return <p className="text-xs text-emerald-700">Valid health check</p>;
  }
  return (
    <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
      {yamlError ? (
        <li>Invalid YAML: {yamlError}</li>
      ) : (
        issues.map((i) => (
          <li key={`${i.path}:${i.message}`}>
            <code className="font-mono">{i.path}</code>: {i.message}
          </li>
        ))
      )}
    </ul>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { cx } from '../../../ui/cx.js';
import { useToasts } from '../../../ui/Toasts.js';
import { createRule, deleteRule, type IncidentRuleRow, ruleQueries, updateRule } from './api.js';
import { NEW_RULE_YAML, parseSpecYaml, specToYaml } from './ruleSpec.js';
import { SpecYamlField } from './SpecYamlField.js';

const REQUIRED = 'This field is required';

/**
 * The Spec tab of a rule (or the whole page of a new one): the name, fixed once saved, and the
 * spec as YAML checked by the server's schema as it is typed; Save, and Delete after a
 * confirmation. Both buttons are left out for a read-only rule or a person who may not write.
 */
export function IncidentRuleEditor({ row, readOnly }: { row?: IncidentRuleRow; readOnly: boolean }) {
  const session = useSession();
  const toasts = useToasts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const nameId = useId();
  const [name, setName] = useState(row?.name ?? '');
  const [yamlText, setYamlText] = useState(() => (row ? specToYaml(row.spec) : NEW_RULE_YAML));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const result = useMemo(() => parseSpecYaml(yamlText), [yamlText]);
  const canSave = !readOnly && session.can('incident', row ? 'update' : 'create');
  const canDelete = !readOnly && !!row && session.can('incident', 'delete');
  const nameError = submitted && !row && !name.trim() ? REQUIRED : undefined;

  const save = useMutation({
    mutationFn: async (spec: unknown) => {
      if (!row) return createRule(name.trim(), spec);
      await updateRule(row.id, spec);
      return row.id;
    },
    onSuccess: async (id) => {
      await client.invalidateQueries({ queryKey: ruleQueries.all });
      toasts.success(`${row?.name ?? name.trim()} ${row ? 'updated' : 'created'} successfully`);
      if (!row) navigate(`/settings/incident_rules/${id}`, { replace: true });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => deleteRule(row?.id ?? ''),
    onSuccess: async () => {
      toasts.success(`${row?.name} deleted successfully`);
      await client.invalidateQueries({ queryKey: ruleQueries.all });
      navigate('/settings/incident_rules');
    },
    onError: (err) => {
      setConfirming(false);
      toasts.error(errorMessage(err));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if ((!row && !name.trim()) || !result.ok) return;
    save.mutate(result.spec);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Incident rule" className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-xs font-medium text-zinc-600">
          Name
        </label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          disabled={!!row || readOnly}
          required
          aria-invalid={!!nameError}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          className={cx(
            'h-8 w-full max-w-md rounded-md border px-2.5 text-sm disabled:bg-zinc-50 disabled:text-zinc-500',
            nameError ? 'border-red-300' : 'border-zinc-300',
          )}
        />
        {nameError && (
          <p id={`${nameId}-error`} role="alert" className="text-xs text-red-600">
            {nameError}
          </p>
        )}
      </div>

      <SpecYamlField
        value={yamlText}
        onChange={setYamlText}
        readOnly={!canSave}
        issues={result.ok ? [] : result.issues}
      />

      {(canSave || canDelete) && (
        <div className="flex justify-end gap-2 border-t border-zinc-200 pt-3">
          {canDelete && (
            <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          {canSave && (
            <Button variant="primary" type="submit" icon={<Save className="h-4 w-4" />} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
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
    </form>
  );
}

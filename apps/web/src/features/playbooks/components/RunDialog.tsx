import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Modal } from '../../../ui/Modal.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { useToasts } from '../../../ui/Toasts.js';
import { type PlaybookSummary, playbookQueries, type RunTarget, startRun } from '../api.js';
import { formErrors, initialValues } from '../utils/params.js';
import { ParamField } from './ParamField.js';
import { type PickedTarget, pickedTarget, RunTargetPicker, targetKinds } from './RunTargetPicker.js';

/**
 * The run dialog: the parameters of the playbook for the chosen resource, a widget
 * and a validation message per parameter; Run reads 'Running...' while pending, then the run page
 * opens. Opened without a resource, a playbook that runs on configs, checks or components asks for
 * one first (found by name). Errors of the server come back as a toast.
 */
export function RunDialog({
  playbook,
  target,
  onClose,
}: {
  playbook: PlaybookSummary;
  target: RunTarget;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<PickedTarget | null>(null);
  const needsResource =
    targetKinds(playbook).length > 0 && !target.config_id && !target.check_id && !target.component_id;
  const runTarget = picked ? pickedTarget(picked) : target;
  const ready = !needsResource || picked !== null;
  const params = useQuery({ ...playbookQueries.params(playbook.id, runTarget), enabled: ready });
  const list = params.data?.params ?? [];
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (params.data) setValues(initialValues(params.data.params));
  }, [params.data]);
  const errors = useMemo(() => formErrors(list, values), [list, values]);
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => startRun({ id: playbook.id, ...runTarget, params: values }),
    onSuccess: async (out) => {
      await queryClient.invalidateQueries({ queryKey: playbookQueries.all });
      onClose();
      navigate(`/playbooks/runs/${out.run_id}`);
    },
    onError: (err) => toasts.error(err instanceof Error ? err.message : String(err)),
  });
  const submit = () => {
    setTouched(true);
    if (ready && Object.keys(errors).length === 0) run.mutate();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Run ${playbook.title || playbook.name}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={!ready || run.isPending || params.isLoading}>
            {run.isPending ? 'Running...' : 'Run'}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {playbook.description && <p className="text-sm text-zinc-600">{playbook.description}</p>}
        {needsResource && <RunTargetPicker playbook={playbook} picked={picked} onPick={setPicked} />}
        {!ready && <EmptyState message="Please select a resource to see the parameters." />}
        {params.isLoading && <LoadingBlock />}
        {params.error && <p className="text-sm text-red-600">{(params.error as Error).message}</p>}
        {params.data && list.length === 0 && <EmptyState message="No parameters for this playbook." />}
        {list.map((p) => (
          <ParamField
            key={p.name}
            param={p}
            value={values[p.name]}
            error={touched ? errors[p.name] : undefined}
            onChange={(v) => setValues((old) => ({ ...old, [p.name]: v }))}
          />
        ))}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

import { HYPOTHESIS_STATUSES, type HypothesisStatus } from '@opsdeck/schema';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { cx } from '../../../ui/cx.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { deleteHypothesis, type Evidence, type Hypothesis, updateEvidence, updateHypothesis } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { buildHypothesisTree, childType, type TreeNode } from '../utils/hypothesisTree.js';
import { HYPOTHESIS_STATUS_STYLE, humanize } from '../utils/labels.js';
import { AddHypothesisForm } from './AddHypothesisForm.js';
import { EvidenceView } from './EvidenceView.js';

const TYPE_TAG: Record<string, string> = {
  root: 'bg-indigo-50 text-indigo-700',
  factor: 'bg-amber-50 text-amber-800',
  solution: 'bg-emerald-50 text-emerald-700',
};

function EvidenceRow({ evidence, canEdit }: { evidence: Evidence; canEdit: boolean }) {
  const toggle = useIncidentWrite((patch: { definition_of_done?: boolean }) => updateEvidence(evidence.id, patch));
  const inDod = !!evidence.definition_of_done;
  return (
    <li className="flex items-start gap-2 rounded px-1.5 py-1 hover:bg-zinc-50">
      <EvidenceView evidence={evidence} />
      {canEdit && (
        <button
          type="button"
          onClick={() => toggle.mutate({ definition_of_done: !inDod })}
          className={cx(
            'shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset',
            inDod
              ? 'bg-indigo-50 text-indigo-700 ring-indigo-200 hover:bg-indigo-100'
              : 'text-zinc-500 ring-zinc-200 hover:bg-zinc-100 hover:text-zinc-800',
          )}
          aria-pressed={inDod}
        >
          {inDod ? 'In definition of done' : 'Add to definition of done'}
        </button>
      )}
    </li>
  );
}

function HypothesisNode({
  node,
  incidentId,
  canEdit,
  depth,
}: {
  node: TreeNode<Hypothesis>;
  incidentId: string;
  canEdit: boolean;
  depth: number;
}) {
  const h = node.hypothesis;
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const setStatus = useIncidentWrite((status: HypothesisStatus) => updateHypothesis(h.id, { status }));
  const remove = useIncidentWrite(() => deleteHypothesis(h.id));
  const next = childType(h.type);
  return (
    <li className={cx(depth > 0 && 'border-l-2 border-zinc-200 pl-3')}>
      <div className="group flex items-center gap-2 py-1">
        <span className={cx('rounded px-1.5 py-0.5 text-[11px] font-medium', TYPE_TAG[h.type])}>
          {humanize(h.type)}
        </span>
        <span className={cx('min-w-0 flex-1 truncate text-sm font-medium', HYPOTHESIS_STATUS_STYLE[h.status])}>
          {h.title}
        </span>
        <label className="sr-only" htmlFor={`status-${h.id}`}>
          Status of {h.title}
        </label>
        <select
          id={`status-${h.id}`}
          disabled={!canEdit}
          value={h.status}
          onChange={(e) => setStatus.mutate(e.target.value as HypothesisStatus)}
          className="h-6 rounded border-0 bg-transparent py-0 pr-6 pl-1.5 text-xs text-zinc-700 ring-1 ring-inset ring-zinc-200 hover:ring-zinc-300"
        >
          {HYPOTHESIS_STATUSES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </select>
        {canEdit && next && (
          <IconButton label={`Add ${next} to ${h.title}`} className="h-6 w-6" onClick={() => setAdding(true)}>
            <Plus className="h-3.5 w-3.5" />
          </IconButton>
        )}
        {canEdit && (
          <IconButton
            label={`Delete ${h.title}`}
            className="h-6 w-6 opacity-0 group-hover:opacity-100 focus:opacity-100"
            onClick={() => setConfirm(true)}
          >
            <Trash2 className="h-3.5 w-3.5" />
          </IconButton>
        )}
      </div>
      {h.evidences.length > 0 && (
        <ul aria-label={`Evidence for ${h.title}`} className="mb-1 flex flex-col">
          {h.evidences.map((e) => (
            <EvidenceRow key={e.id} evidence={e} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {adding && next && (
        <div className="py-1 pl-3">
          <AddHypothesisForm incidentId={incidentId} type={next} parentId={h.id} onDone={() => setAdding(false)} />
        </div>
      )}
      {node.children.length > 0 && (
        <ul className="flex flex-col gap-0.5 pl-2">
          {node.children.map((c) => (
            <HypothesisNode
              key={c.hypothesis.id}
              node={c}
              incidentId={incidentId}
              canEdit={canEdit}
              depth={depth + 1}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm}
        title="Delete hypothesis"
        description={`Delete "${h.title}" with its sub-hypotheses, evidence and comments?`}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirm(false) })}
        onCancel={() => setConfirm(false)}
      />
    </li>
  );
}

/** The hypotheses as a tree (root, then factor, then solution), each with its evidence. */
export function HypothesisTree({
  incidentId,
  hypotheses,
  canEdit,
}: {
  incidentId: string;
  hypotheses: Hypothesis[];
  canEdit: boolean;
}) {
  const tree = buildHypothesisTree(hypotheses);
  return (
    <section
      aria-labelledby="hypotheses-h"
      className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-zinc-200"
    >
      <h3 id="hypotheses-h" className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Hypotheses
      </h3>
      {tree.length === 0 ? (
        <EmptyState message="No hypotheses yet" />
      ) : (
        <ul aria-label="Hypotheses" className="flex flex-col gap-1">
          {tree.map((n) => (
            <HypothesisNode key={n.hypothesis.id} node={n} incidentId={incidentId} canEdit={canEdit} depth={0} />
          ))}
        </ul>
      )}
      {canEdit && <AddHypothesisForm incidentId={incidentId} type="root" />}
    </section>
  );
}

import { useId, useState } from 'react';
import { cx } from '../../../ui/cx.js';
import { type Evidence, updateEvidence } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { EvidenceView } from './EvidenceView.js';

function DoneItem({ evidence, canEdit }: { evidence: Evidence; canEdit: boolean }) {
  const id = useId();
  const toggle = useIncidentWrite((done: boolean) => updateEvidence(evidence.id, { done }));
  const label = evidence.description || 'Evidence';
  // the clicked state shows at once (set in the click's own render, before the mutation's state
  // reaches React) and stays until the write and the refetch it triggers have landed
  const [clicked, setClicked] = useState<boolean | null>(null);
  const checked = clicked ?? (toggle.isPending ? Boolean(toggle.variables) : !!evidence.done);
  return (
    <li className="flex items-start gap-2 py-1">
      <input
        id={id}
        type="checkbox"
        aria-label={`Done: ${label}`}
        className="mt-1 h-4 w-4 shrink-0 rounded border-zinc-300 accent-emerald-600"
        checked={checked}
        disabled={!canEdit}
        onChange={(e) => {
          setClicked(e.target.checked);
          toggle.mutate(e.target.checked, { onSettled: () => setClicked(null) });
        }}
      />
      <span className={cx('min-w-0 flex-1', checked && 'opacity-60')}>
        <EvidenceView evidence={evidence} compact />
      </span>
    </li>
  );
}

/** The evidence that must be true before the incident is over, each with a done toggle. */
export function DefinitionOfDone({ evidences, canEdit }: { evidences: Evidence[]; canEdit: boolean }) {
  const items = evidences.filter((e) => e.definition_of_done);
  const done = items.filter((e) => e.done).length;
  return (
    <section aria-labelledby="dod-h" className="flex flex-col gap-1">
      <h3 id="dod-h" className="flex items-center gap-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Definition of done
        {items.length > 0 && (
          <span className="font-normal tracking-normal normal-case tabular-nums">
            {done}/{items.length}
          </span>
        )}
      </h3>
      {items.length === 0 ? (
        <p className="text-xs text-zinc-400">Add evidence to the definition of done from a hypothesis.</p>
      ) : (
        <ul aria-label="Definition of done">
          {items.map((e) => (
            <DoneItem key={e.id} evidence={e} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

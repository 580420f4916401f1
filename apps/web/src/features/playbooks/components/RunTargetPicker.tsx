import { useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { KIND_NOUN, ResourcePicker } from '../../catalog/ResourcePicker.js';
import type { FoundResource, ResourceKind } from '../../catalog/resourceSearch.js';
import type { PlaybookSummary, RunTarget } from '../api.js';

/** The resource a run dialog picked: its kind and what the search answered. */
export interface PickedTarget {
  kind: ResourceKind;
  resource: FoundResource;
}

const FIELD: Record<ResourceKind, keyof RunTarget> = {
  configs: 'config_id',
  checks: 'check_id',
  components: 'component_id',
};

/** The kinds of resource a playbook runs on (its non-empty `configs`, `checks`, `components`). */
export function targetKinds(playbook: PlaybookSummary): ResourceKind[] {
  return (['configs', 'checks', 'components'] as const).filter((k) => (playbook.spec?.[k]?.length ?? 0) > 0);
}

/** The run request's target for a picked resource. */
export function pickedTarget(picked: PickedTarget): RunTarget {
  return { [FIELD[picked.kind]]: picked.resource.id };
}

/**
 * The Resource field of the run dialog opened from /playbooks: the resources the playbook's
 * selectors match, found by name; the chosen one is shown with a way to change it.
 */
export function RunTargetPicker({
  playbook,
  picked,
  onPick,
}: {
  playbook: PlaybookSummary;
  picked: PickedTarget | null;
  onPick: (picked: PickedTarget | null) => void;
}) {
  const kinds = targetKinds(playbook);
  const [kind, setKind] = useState<ResourceKind>(kinds[0] ?? 'configs');
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-sm font-medium text-zinc-700">
        Resource<span className="text-red-600"> *</span>
      </legend>
      {picked ? (
        <div className="flex items-center gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate" data-testid="run-resource">
            <span className="text-zinc-500">{capitalize(KIND_NOUN[picked.kind].one)}: </span>
            <span className="font-medium text-zinc-900">{picked.resource.name}</span>
            {picked.resource.type && <span className="text-xs text-zinc-500"> · {picked.resource.type}</span>}
          </span>
          <Button size="sm" onClick={() => onPick(null)}>
            Change
          </Button>
        </div>
      ) : (
        <>
          {kinds.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-zinc-700">
              Kind
              <select
                className="h-8 rounded-md border border-zinc-300 px-2 text-sm"
                value={kind}
                onChange={(e) => setKind(e.target.value as ResourceKind)}
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {capitalize(KIND_NOUN[k].many)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ResourcePicker
            kind={kind}
            within={playbook.spec?.[kind] ?? []}
            onPick={(resource) => onPick({ kind, resource })}
          />
        </>
      )}
    </fieldset>
  );
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

import { LOCAL_AGENT_ID, useAgentNames } from '../settings/agents/agentNames.js';
import type { TopologyResponse } from './api.js';
import type { TopologyParams } from './useTopologyParams.js';
import { CARD_WIDTH, formatLabelFilter, type LabelFilter } from './utils/cards.js';

const select = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-800';

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange(v: string): void;
}) {
  return (
    <label className="flex items-center gap-1 text-sm whitespace-nowrap text-zinc-600">
      {label}
      <select className={select} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}

const NEXT: Record<string, 1 | -1 | undefined> = { none: 1, '1': -1, '-1': undefined };

/** One label value cycling none -> include -> exclude (a tri-state filter). */
function LabelChip({
  pair,
  state,
  onChange,
}: {
  pair: string;
  state: 1 | -1 | undefined;
  onChange(s: 1 | -1 | undefined): void;
}) {
  const text = state === 1 ? 'included' : state === -1 ? 'excluded' : 'not filtered';
  return (
    <button
      type="button"
      aria-label={`label ${pair}: ${text}`}
      onClick={() => onChange(NEXT[String(state ?? 'none')])}
      className={
        state === 1
          ? 'rounded border border-blue-400 bg-blue-50 px-2 py-0.5 text-xs text-blue-800'
          : state === -1
            ? 'rounded border border-red-300 bg-red-50 px-2 py-0.5 text-xs text-red-800 line-through'
            : 'rounded border border-zinc-200 px-2 py-0.5 text-xs text-zinc-600'
      }
    >
      {pair}
    </button>
  );
}

/** Filters (health, team, labels, hidden), sort and the card width slider. */
export function TopologyToolbar({
  params,
  update,
  data,
  width,
  onWidth,
}: {
  params: TopologyParams;
  update(patch: Record<string, string | null>): void;
  data: TopologyResponse | undefined;
  width: number;
  onWidth(w: number): void;
}) {
  const agents = useAgentNames();
  const pairs = Object.entries(data?.tags ?? {}).flatMap(([k, vs]) => vs.map((v) => `${k}=${v}`));
  const setLabel = (pair: string, s: 1 | -1 | undefined) => {
    const next: LabelFilter = { ...params.labels };
    if (s) next[pair] = s;
    else delete next[pair];
    update({ labels: formatLabelFilter(next) || null });
  };
  return (
    <div className="flex flex-col gap-2 border-b border-zinc-200 bg-white px-4 py-2">
      <div className="flex flex-wrap items-center gap-3">
        <Choice
          label="Health"
          value={params.status}
          options={[['', 'All'], ...(data?.healthStatuses ?? []).map((s): [string, string] => [s, s])]}
          onChange={(v) => update({ status: v })}
        />
        <Choice
          label="Team"
          value={params.team}
          options={[['', 'All'], ...(data?.teams ?? []).map((s): [string, string] => [s, s])]}
          onChange={(v) => update({ team: v })}
        />
        <Choice
          label="Agent"
          value={params.agent}
          options={[
            ['', 'All'],
            [LOCAL_AGENT_ID, 'local'],
            ...[...agents].map(([id, name]): [string, string] => [id, name]),
          ]}
          onChange={(v) => update({ agent_id: v })}
        />
        <Choice
          label="Show hidden"
          value={params.showHidden ? 'yes' : 'no'}
          options={[
            ['no', 'No'],
            ['yes', 'Yes'],
          ]}
          onChange={(v) => update({ showHiddenComponents: v === 'yes' ? 'yes' : null })}
        />
        <Choice
          label="Sort"
          value={params.sortBy}
          options={[
            ['status', 'Health'],
            ['name', 'Name'],
            ['type', 'Type'],
            ['updated_at', 'Last Updated'],
          ]}
          onChange={(v) => update({ sortBy: v })}
        />
        <Choice
          label="Order"
          value={params.sortOrder}
          options={[
            ['desc', 'Descending'],
            ['asc', 'Ascending'],
          ]}
          onChange={(v) => update({ sortOrder: v })}
        />
        <label className="ml-auto flex items-center gap-2 text-sm text-zinc-600">
          Card width
          <input
            type="range"
            min={CARD_WIDTH.min}
            max={CARD_WIDTH.max}
            step={CARD_WIDTH.step}
            value={width}
            onChange={(e) => onWidth(Number(e.target.value))}
          />
          <span className="w-12 text-right tabular-nums">{width}px</span>
        </label>
      </div>
      {pairs.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">Labels</legend>
          <span className="mr-1 text-sm text-zinc-600">Labels</span>
          {pairs.map((p) => (
            <LabelChip key={p} pair={p} state={params.labels[p]} onChange={(s) => setLabel(p, s)} />
          ))}
        </fieldset>
      )}
    </div>
  );
}

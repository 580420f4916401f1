import { Link } from 'react-router';
import { cx } from '../../ui/cx.js';
import { AgentBadge } from '../settings/agents/AgentBadge.js';
import type { ComponentNode, ComponentSummary } from './api.js';
import { ComponentIcon } from './ComponentIcon.js';
import { PropertyValue } from './PropertyValue.js';
import { propertyText, sortComponents } from './utils/cards.js';

const BORDER: Record<string, string> = {
  unhealthy: 'border-t-red-500',
  warning: 'border-t-orange-400',
  healthy: 'border-t-green-500',
};
const DOT: Record<string, string> = {
  unhealthy: 'bg-red-500',
  warning: 'bg-orange-400',
  healthy: 'bg-green-500',
};

const sum = (m: Record<string, number> | undefined) => Object.values(m ?? {}).reduce((a, b) => a + b, 0);
const nestedSum = (m: Record<string, Record<string, number>> | undefined) =>
  Object.values(m ?? {}).reduce((a, b) => a + sum(b), 0);

/** Checks, insights and incidents counted on a card. */
function Counts({ summary }: { summary: ComponentSummary | null }) {
  const checks = summary?.checks ?? {};
  const items: Array<[string, number, string]> = [
    ['check passing|checks passing', checks.healthy ?? 0, 'text-green-700'],
    ['check failing|checks failing', checks.unhealthy ?? 0, 'text-red-700'],
    ['insight|insights', nestedSum(summary?.insights), 'text-amber-700'],
    ['incident|incidents', nestedSum(summary?.incidents), 'text-red-700'],
  ];
  const shown = items.filter(([, n]) => n > 0);
  if (!shown.length) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {shown.map(([label, n, color]) => (
        <li key={label} className={color}>
          {n} {label.split('|')[n === 1 ? 0 : 1]}
        </li>
      ))}
    </ul>
  );
}

/** One component as a card: health colour on top, icon and name, headline properties, counts, children. */
export function TopologyCard({ component, width }: { component: ComponentNode; width: number }) {
  const health = component.health ?? 'unknown';
  const props = (component.properties ?? []).filter((p) => !p.hidden && propertyText(p));
  const headline = props.filter((p) => p.headline);
  const others = props.filter((p) => !p.headline).slice(0, 4);
  const children = sortComponents(component.components ?? [], 'status', 'desc');
  return (
    <article
      aria-label={component.text ?? component.name}
      data-health={health}
      style={{ width }}
      className={cx(
        'flex flex-col gap-2 rounded-lg border border-t-4 border-zinc-200 bg-white p-3 shadow-sm',
        BORDER[health] ?? 'border-t-zinc-300',
      )}
    >
      <header className="flex items-start gap-2">
        <ComponentIcon icon={component.icon} type={component.type} />
        <div className="min-w-0 flex-1">
          <Link to={`/topology/${component.id}`} className="block truncate font-medium text-zinc-900 hover:underline">
            {component.text ?? component.name}
          </Link>
          <AgentBadge agentId={component.agent_id} />
          {component.status_reason && <p className="truncate text-xs text-zinc-500">{component.status_reason}</p>}
        </div>
        <span className="text-xs text-zinc-500">{health}</span>
      </header>
      {headline.length > 0 && (
        <dl className="flex flex-wrap gap-3">
          {headline.map((p) => (
            <div key={p.name ?? p.label} className="min-w-0">
              <dt className="text-[11px] uppercase tracking-wide text-zinc-500">{p.label ?? p.name}</dt>
              <dd className="text-lg font-semibold text-zinc-900">
                <PropertyValue property={p} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {others.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
          {others.map((p) => (
            <div key={p.name ?? p.label} className="contents">
              <dt className="text-zinc-500">{p.label ?? p.name}</dt>
              <dd className="truncate text-zinc-800">
                <PropertyValue property={p} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Counts summary={component.summary} />
      {children.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${component.name} children`}>
          {children.map((c) => (
            <li key={c.id}>
              <Link
                to={`/topology/${c.id}`}
                className="flex items-center gap-1.5 rounded border border-zinc-200 px-2 py-0.5 text-xs text-zinc-700 hover:bg-zinc-50"
              >
                <span aria-hidden className={cx('h-2 w-2 rounded-full', DOT[c.health ?? ''] ?? 'bg-zinc-300')} />
                {c.text ?? c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

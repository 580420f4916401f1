import { cx } from '../../ui/cx.js';
import type { ComponentPropertyValue } from './api.js';
import { propertyText } from './utils/cards.js';

/** Share of `max` a property's value uses, in percent (undefined without a max). */
export function usedPercent(p: ComponentPropertyValue): number | undefined {
  if (p.value === undefined || !p.max) return undefined;
  return Math.round((p.value / p.max) * 100);
}

/** A property's value as its type asks: a link for urls, a badge, and "x of y" turning red over 70%. */
export function PropertyValue({ property }: { property: ComponentPropertyValue }) {
  const text = propertyText(property);
  if (property.type === 'url' && /^https?:\/\//.test(property.text ?? '')) {
    return (
      <a href={property.text} target="_blank" rel="noreferrer" className="text-blue-700 hover:underline">
        {text}
      </a>
    );
  }
  if (property.type === 'badge') {
    return <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">{text}</span>;
  }
  const used = usedPercent(property);
  return (
    <span
      className={cx(used !== undefined && used > 70 && 'text-red-700', property.color && 'font-medium')}
      style={property.color ? { color: property.color } : undefined}
    >
      {text}
      {used !== undefined && <span className="ml-1 text-xs text-zinc-500">({used}%)</span>}
    </span>
  );
}
